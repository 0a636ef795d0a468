import { STATION_REVIEW_SORTS } from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchBoolean, zSearchEnumList, zSearchSort } from '../../lib/search-params';

export const RATING_VALUES = ['5', '4', '3', '2', '1'] as const;

/** Address-bar state of /stations/$slug/reviews: page counted from 1, filters and sort. */
export const ZReviewsSearch = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
  sort: zSearchSort(STATION_REVIEW_SORTS),
  rating: zSearchEnumList(RATING_VALUES),
  replied: zSearchBoolean,
});
export type TReviewsSearch = z.output<typeof ZReviewsSearch>;
