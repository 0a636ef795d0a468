import { FUELS, ORGANIZATION_SORTS } from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchBoolean, zSearchEnumList, zSearchSort } from '../../lib/search-params';

/** Address-bar state of /organizations: page (from 0), sort and the filters (fuel provider, fuels). */
export const ZOrganizationsSearch = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).optional().catch(undefined),
  sort: zSearchSort(ORGANIZATION_SORTS),
  isFuelProvider: zSearchBoolean,
  fuels: zSearchEnumList(FUELS),
});
export type TOrganizationsSearch = z.output<typeof ZOrganizationsSearch>;
