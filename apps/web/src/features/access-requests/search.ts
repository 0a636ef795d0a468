import { REQUEST_STATUSES, STATION_ACCESS_REQUEST_SORTS } from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchCursor, zSearchEnumList, zSearchSort } from '../../lib/search-params';

/** Address-bar state of /access-requests: status filter, sort and the keyset cursor. */
export const ZAccessRequestsSearch = z.object({
  cursor: zSearchCursor,
  sort: zSearchSort(STATION_ACCESS_REQUEST_SORTS),
  status: zSearchEnumList(REQUEST_STATUSES),
});
export type TAccessRequestsSearch = z.output<typeof ZAccessRequestsSearch>;

export const ACCESS_REQUEST_FILTER_KEYS = ['status'] as const;
