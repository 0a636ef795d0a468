import { WIDGET_COUNT_LIMIT, WIDGET_FEED_LIMIT } from '@forecourt/contracts';
import { z } from 'zod';

/**
 * Query strings as the published clients send them: arrays as `a,b` (2.x),
 * `k[]=a&k[]=b` (0.24, axios) or `k=a&k=b`; booleans as "true"/"false"; and `undefined`/`null`
 * as literal strings, which mean absent.
 */
const ABSENT = new Set(['', 'undefined', 'null']);

type RawQuery = Record<string, unknown>;

const values = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
    (v): v is string => typeof v === 'string',
  );

/** Every value of `key` in any encoding, split on commas, without the absent ones; undefined when none. */
export function listParam(query: RawQuery, key: string): string[] | undefined {
  const items = [...values(query[key]), ...values(query[`${key}[]`])]
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => !ABSENT.has(value));
  return items.length > 0 ? [...new Set(items)] : undefined;
}

/** The last value of `key` unless it is absent ("undefined", "null", empty). */
export function scalarParam(query: RawQuery, key: string): string | undefined {
  const list = values(query[key]);
  const value = list[list.length - 1];
  return value === undefined || ABSENT.has(value.trim()) ? undefined : value.trim();
}

const ZBooleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

function normalise(raw: unknown): unknown {
  const query = (raw && typeof raw === 'object' ? raw : {}) as RawQuery;
  return {
    page: scalarParam(query, 'page'),
    limit: scalarParam(query, 'limit'),
    feedIdentifier: listParam(query, 'feedIdentifier'),
    seen: scalarParam(query, 'seen'),
    read: scalarParam(query, 'read'),
    archived: scalarParam(query, 'archived'),
    snoozed: scalarParam(query, 'snoozed'),
    payload: scalarParam(query, 'payload'),
  };
}

function widgetQuery(defaultLimit: number) {
  return z.preprocess(
    normalise,
    z.object({
      page: z.coerce.number().int().min(0).max(1_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(WIDGET_FEED_LIMIT.max).default(defaultLimit),
      feedIdentifier: z.array(z.string().max(200)).max(50).optional(),
      seen: ZBooleanText,
      read: ZBooleanText,
      /** Forecourt: the archive (true) instead of the inbox (default). */
      archived: ZBooleanText,
      /** Forecourt: the snoozed messages (true) instead of the inbox (default). */
      snoozed: ZBooleanText,
      payload: z.string().max(8000).optional(),
    }),
  );
}

export const ZFeedQuery = widgetQuery(WIDGET_FEED_LIMIT.default);
export const ZCountQuery = widgetQuery(WIDGET_COUNT_LIMIT);
export type TWidgetQuery = z.output<typeof ZFeedQuery>;

/** A feed identifier list in a body (`feedId` of mark-all): a string (comma list) or an array. */
export const ZFeedIdentifiers = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(50), z.null()])
  .optional()
  .transform((value) => {
    if (value === undefined || value === null) return undefined;
    const list = (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => !ABSENT.has(item));
    return list.length > 0 ? [...new Set(list)] : undefined;
  });

/** A message id or ids in a body: a string (comma list) or an array. */
export const ZMessageIds = z
  .union([z.string().max(10_000), z.array(z.string().max(100)).max(1000)])
  .optional()
  .transform((value) => {
    if (value === undefined) return [];
    return [
      ...new Set(
        (Array.isArray(value) ? value : [value])
          .flatMap((item) => item.split(','))
          .map((item) => item.trim()),
      ),
    ].filter((item) => item !== '');
  });

export type PayloadLeaf = { path: string[]; value: unknown };

/**
 * The `payload` filter: base64 of a JSON object. Each leaf (arrays count as leaves) must equal the
 * message payload's value at the same path. Null when it is not valid base64 JSON of an object.
 */
export function decodePayloadFilter(encoded: string): PayloadLeaf[] | null {
  const text = encoded.replace(/ /g, '+');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return payloadLeaves(parsed);
}

/** The leaves of a filter object (arrays count as leaves); null above 20 or with unusable keys. */
export function payloadLeaves(filter: object): PayloadLeaf[] | null {
  const leaves: PayloadLeaf[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
      return;
    }
    leaves.push({ path, value });
  };
  walk(filter, []);
  if (leaves.some((leaf) => leaf.path.some((key) => key === '' || key.includes('"')))) return null;
  return leaves.length > 20 ? null : leaves;
}
