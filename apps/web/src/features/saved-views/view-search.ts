import { SAVED_VIEW_DROPPED_PARAMS, type TSavedViewSearch } from '@forecourt/contracts';
import { encodeQuery } from '../../lib/query-string';

/**
 * The address bar's search as a view keeps it: filters, sort and window, without the position
 * in the list (cursor, page) or empty values (docs/PRODUCT.md, "Saved views, pins and home pages").
 */
export function viewSearchOf(search: Record<string, unknown>): TSavedViewSearch {
  const kept: TSavedViewSearch = {};
  for (const [key, value] of Object.entries(search)) {
    if ((SAVED_VIEW_DROPPED_PARAMS as readonly string[]).includes(key)) continue;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const parts = value.filter((part) => part !== undefined && part !== null && part !== '');
      if (parts.length > 0) kept[key] = parts.map((part) => (typeof part === 'number' ? part : String(part)));
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      kept[key] = value;
    } else {
      kept[key] = JSON.stringify(value);
    }
  }
  return kept;
}

/** One text per search, whatever its key order or value types: equal views read equal. */
export function searchKey(search: Record<string, unknown>): string {
  const kept = viewSearchOf(search);
  const sorted = Object.fromEntries(
    Object.keys(kept)
      .sort()
      .map((key) => [key, kept[key]]),
  );
  return encodeQuery(sorted);
}

type TSearchValidator = ((input: Record<string, unknown>) => unknown) | { parse(input: unknown): unknown };

/**
 * The stored search as the list's route accepts it today: the route validates it, and a
 * parameter it no longer knows or a value it refuses is dropped (a stale view opens the list
 * with what still applies instead of failing). A route without validation takes it as it is.
 */
export function applicableSearch(stored: TSavedViewSearch, validator: unknown): TSavedViewSearch {
  if (!validator) return stored;
  let validated: unknown;
  try {
    const check = validator as TSearchValidator;
    validated = typeof check === 'function' ? check(stored) : check.parse(stored);
  } catch {
    return {};
  }
  if (!validated || typeof validated !== 'object') return {};
  const accepted = validated as Record<string, unknown>;
  const kept: TSavedViewSearch = {};
  for (const [key, value] of Object.entries(stored)) {
    if (accepted[key] !== undefined && accepted[key] !== null) kept[key] = value;
  }
  return kept;
}
