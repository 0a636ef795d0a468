import { encodeQuery, type TQueryRecord } from './query-string';

/** Query-string values of a keyset list call: window, filters, sort and cursor. */
export type TListParams = Record<string, string | string[] | boolean | undefined>;

/** The time window part of a call (`useTimeWindow(...).params`). */
export type TWindowParams = { startDate: string; endDate: string; frequency: string };

/**
 * A list's address-bar state → the API call's parameters: the window, the sort and cursor, and the
 * filters named by `filterKeys` (multi-values sorted, so equal lists share one cache entry).
 */
export function toListParams(
  search: Record<string, unknown>,
  filterKeys: readonly string[],
  window?: TWindowParams,
): TListParams {
  const params: TListParams = { ...window };
  for (const key of filterKeys) {
    const value = search[key];
    if (Array.isArray(value)) params[key] = value.length ? [...(value as string[])].sort() : undefined;
    else if (typeof value === 'string' || typeof value === 'boolean') params[key] = value;
  }
  params.sort = typeof search.sort === 'string' ? search.sort : undefined;
  params.cursor = typeof search.cursor === 'string' ? search.cursor : undefined;
  return params;
}

/** A list's address with `format=csv`: the same filters, window and sort, every row (no cursor). */
export function listCsvUrl(path: string, params: TListParams): string {
  return `${path}?${encodeQuery({ ...(params as TQueryRecord), cursor: undefined, format: 'csv' })}`;
}
