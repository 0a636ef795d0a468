import { PERSONNEL_ROLES, PERSONNEL_SORTS, PERSONNEL_STATUSES, SHIFTS } from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchCursor, zSearchEnumList, zSearchSort } from '../../lib/search-params';

/** Address-bar state of /stations/$slug/personnel: filters, sort and the keyset cursor. */
export const ZPersonnelSearch = z.object({
  cursor: zSearchCursor,
  sort: zSearchSort(PERSONNEL_SORTS),
  role: zSearchEnumList(PERSONNEL_ROLES),
  shift: zSearchEnumList(SHIFTS),
  status: zSearchEnumList(PERSONNEL_STATUSES),
});
export type TPersonnelSearch = z.output<typeof ZPersonnelSearch>;

export const PERSONNEL_FILTER_KEYS = ['role', 'shift', 'status'] as const;
