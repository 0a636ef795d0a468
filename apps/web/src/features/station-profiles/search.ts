import { STATION_PROFILE_SORTS } from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchBoolean, zSearchSort } from '../../lib/search-params';

/** Address-bar state of /station-profiles: page (from 0), sort and the published filter. */
export const ZStationProfilesSearch = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).optional().catch(undefined),
  sort: zSearchSort(STATION_PROFILE_SORTS),
  isPublished: zSearchBoolean,
});
export type TStationProfilesSearch = z.output<typeof ZStationProfilesSearch>;
