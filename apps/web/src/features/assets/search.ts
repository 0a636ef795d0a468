import { DISPENSER_SORTS, DISPENSER_STATUSES, FUELS } from '@forecourt/contracts';
import type { z } from 'zod';
import type { TSortValue } from '../../lib/list-sort';
import { zSearchCursor, zSearchEnumList, zSearchSort } from '../../lib/search-params';
import { ZTimeWindowSearch } from '../time-window';

export type TDispenserSortField = (typeof DISPENSER_SORTS)[number];
export type TDispenserSortValue = TSortValue<TDispenserSortField>;

/** The API's default order (by code); left out of the address bar. */
export const DEFAULT_DISPENSER_SORT: TDispenserSortValue = 'code';

/** /stations/$slug/assets/dispensers: the health window, filters and sort. */
export const ZDispensersSearch = ZTimeWindowSearch.extend({
  sort: zSearchSort(DISPENSER_SORTS),
  cursor: zSearchCursor,
  status: zSearchEnumList(DISPENSER_STATUSES),
  fuel: zSearchEnumList(FUELS),
});
export type TDispensersSearch = z.output<typeof ZDispensersSearch>;

/** The filters a person sets on the registry (as opposed to window, sort and page). */
export type TDispenserFilters = {
  status?: TDispensersSearch['status'];
  fuel?: TDispensersSearch['fuel'];
};

export function hasDispenserFilters(search: TDispenserFilters): boolean {
  return Boolean(search.status?.length || search.fuel?.length);
}

const sorted = <T extends string>(values: readonly T[] | undefined) =>
  values?.length ? [...values].sort() : undefined;

/**
 * The API call's query for an address-bar state and the resolved window: every key present (equal
 * searches share one cache entry), multi-values sorted. It parses with `ZDispenserRegistryQuery`.
 */
export function toDispenserRegistryParams(
  search: TDispensersSearch,
  window: { startDate: string; endDate: string },
) {
  return {
    startDate: window.startDate,
    endDate: window.endDate,
    sort: search.sort ?? DEFAULT_DISPENSER_SORT,
    cursor: search.cursor,
    status: sorted(search.status),
    fuel: sorted(search.fuel),
  };
}
export type TDispenserRegistryParams = ReturnType<typeof toDispenserRegistryParams>;
