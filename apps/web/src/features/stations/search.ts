import {
  FUEL_PROVIDERS,
  FUELS,
  LIST_DEFAULTS,
  MAX_LIMIT,
  STATION_SORTS,
  STATION_STATUSES,
  type TFuel,
  type TFuelProvider,
  type TStationStatus,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { TSortValue } from '../../lib/list-sort';
import { zSearchEnumList } from '../../lib/search-params';

/**
 * The station list's state in the address bar: `/stations?q=&fuelProvider=&fuels=&status=&sort=&page=&limit=`.
 * It speaks the wire format of `ZStationListQuery` (contracts), so the same values go to the API
 * unchanged, but it never rejects an address: a hand-edited or stale value falls back to its
 * default instead of showing an error page. (`.catch(d).default(d)`: `default` makes the key
 * optional for links, `catch` replaces an invalid value.)
 */
export type TStationSortField = (typeof STATION_SORTS)[number];
export type TStationSortValue = TSortValue<TStationSortField>;

export const STATION_SORT_VALUES = STATION_SORTS.flatMap((field) => [field, `-${field}`] as const) as [
  TStationSortValue,
  ...TStationSortValue[],
];

export const STATION_LIST_DEFAULTS = {
  page: 0,
  limit: LIST_DEFAULTS.stations.limit,
  sort: 'name',
} as const satisfies { page: number; limit: number; sort: TStationSortValue };

/** How /stations shows its stations: a table (default) or a map. */
export const STATION_VIEWS = ['list', 'map'] as const;
export type TStationView = (typeof STATION_VIEWS)[number];

export const ZStationListSearch = z.object({
  page: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .catch(STATION_LIST_DEFAULTS.page)
    .default(STATION_LIST_DEFAULTS.page),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .catch(STATION_LIST_DEFAULTS.limit)
    .default(STATION_LIST_DEFAULTS.limit),
  sort: z.enum(STATION_SORT_VALUES).catch(STATION_LIST_DEFAULTS.sort).default(STATION_LIST_DEFAULTS.sort),
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined)
    .catch(undefined),
  fuelProvider: zSearchEnumList(FUEL_PROVIDERS),
  fuels: zSearchEnumList(FUELS),
  status: zSearchEnumList(STATION_STATUSES),
  /** `map` shows the filtered set on a map (features/map); the list is the default and not written. */
  view: z.enum(STATION_VIEWS).optional().catch(undefined),
});

export type TStationListSearch = z.output<typeof ZStationListSearch>;

/** The filters a user sets (as opposed to paging and sorting). */
export type TStationFilters = {
  q?: string;
  fuelProvider?: TFuelProvider[];
  fuels?: TFuel[];
  status?: TStationStatus[];
};

export function hasStationFilters(search: TStationFilters): boolean {
  return Boolean(search.q || search.fuelProvider?.length || search.fuels?.length || search.status?.length);
}

const sorted = <T extends string>(values: T[] | undefined) =>
  values?.length ? [...values].sort() : undefined;

/**
 * The API call's parameters for a search: every key present (so equal lists share one cache entry)
 * and multi-values sorted. Serialised with `encodeQuery`, it parses with `ZStationListQuery`.
 */
export function toStationListParams(search: TStationListSearch) {
  return {
    page: search.page,
    limit: search.limit,
    sort: search.sort,
    q: search.q,
    fuelProvider: sorted(search.fuelProvider),
    fuels: sorted(search.fuels),
    status: sorted(search.status),
  };
}
export type TStationListParams = ReturnType<typeof toStationListParams>;
