/**
 * One query-string format for the address bar and for API calls, readable by people and by the
 * server's contract schemas: `?q=pune&fuels=petrol,cng&page=1`.
 * - arrays are joined with commas (the contracts' `zMulti` splits them again);
 * - `undefined`, `null`, `''` and empty arrays are left out;
 * - decoding keeps every value a string (a repeated key becomes an array); schemas coerce types.
 */
export type TQueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];
export type TQueryRecord = Record<string, unknown>;

/** Characters that are safe in a query value and make addresses easier to read when left alone. */
const READABLE = { '%2C': ',', '%3A': ':', '%2F': '/', '%40': '@' } as const;

function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(
    /%2C|%3A|%2F|%40/g,
    (match) => READABLE[match as keyof typeof READABLE],
  );
}

function valueToString(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const parts = value.filter((part) => part !== undefined && part !== null && part !== '').map(String);
    return parts.length > 0 ? parts.join(',') : null;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text === '' ? null : text;
}

/** `{a: 1, b: ['x', 'y'], c: undefined}` → `'a=1&b=x,y'` (no leading `?`). */
export function encodeQuery(record: TQueryRecord): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    const text = valueToString(value);
    if (text !== null) pairs.push(`${encodeURIComponent(key)}=${encodeValue(text)}`);
  }
  return pairs.join('&');
}

/** `'?a=1&b=x,y&b=z'` → `{a: '1', b: ['x,y', 'z']}`. */
export function decodeQuery(search: string): Record<string, string | string[]> {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? values[0]! : values;
  }
  return record;
}

/** TanStack Router `parseSearch` / `stringifySearch` pair using the format above. */
export const parseRouterSearch = (search: string): Record<string, unknown> => decodeQuery(search);
export const stringifyRouterSearch = (search: Record<string, unknown>): string => {
  const query = encodeQuery(search);
  return query ? `?${query}` : '';
};
