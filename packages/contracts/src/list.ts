import { z } from 'zod';

/**
 * List state shared by every list screen and endpoint (docs/PRODUCT.md, "Lists"):
 * `page`, `limit`, `sort` (`field` or `-field`) and resource filters.
 * Responses are `{count, pages, results}`.
 */
export type TListConfig<TSort extends string> = {
  /** Default page size. */
  limit: number;
  /** First page index: 0 by default, 1 for station reviews. */
  firstPage: 0 | 1;
  /** Default sort, `-field` for descending. */
  sort: `${'' | '-'}${TSort}`;
  /** Fields a caller may sort by. */
  sortable: readonly TSort[];
};

export const MAX_LIMIT = 200;

/** Page size and first page per list (docs/PRODUCT.md, "Lists"). */
export const LIST_DEFAULTS = {
  default: { limit: 20, firstPage: 0 },
  stations: { limit: 50, firstPage: 0 },
  organizations: { limit: 40, firstPage: 0 },
  loyaltyTransactions: { limit: 40, firstPage: 0 },
  transactions: { limit: 40, firstPage: 0 },
  incidents: { limit: 40, firstPage: 0 },
  payments: { limit: 40, firstPage: 0 },
  vehicles: { limit: 40, firstPage: 0 },
  customers: { limit: 40, firstPage: 0 },
  personnel: { limit: 20, firstPage: 0 },
  stationProfiles: { limit: 40, firstPage: 0 },
  accessRequests: { limit: 40, firstPage: 0 },
  stationReviews: { limit: 10, firstPage: 1 },
  challans: { limit: 40, firstPage: 0 },
  cardActivationRequests: { limit: 40, firstPage: 0 },
  cards: { limit: 40, firstPage: 0 },
  settlements: { limit: 40, firstPage: 0 },
} as const satisfies Record<string, { limit: number; firstPage: 0 | 1 }>;

/** A query-string value that may arrive as a repeated key or as a comma list. */
export function zMulti<T extends z.ZodType>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(item) as unknown as z.ZodType<z.output<T>[], string[]>);
}

/** `true`/`false`/`1`/`0` from a query string. */
export const zQueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export type TSortSpec<TField extends string> = { field: TField; direction: 'asc' | 'desc' };

/** Builds the paging/sort part of a list query for one resource. */
export function zListQuery<const TField extends string>(options: {
  limit: number;
  firstPage?: 0 | 1;
  sortable: readonly [TField, ...TField[]];
  sort: TField | `-${TField}`;
}) {
  const firstPage = options.firstPage ?? 0;
  const sortValues = options.sortable.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.object({
    page: z.coerce.number().int().min(firstPage).max(1_000_000).default(firstPage),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(options.limit),
    sort: z
      .enum(sortValues)
      .default(options.sort)
      .transform((value): TSortSpec<TField> => {
        const descending = value.startsWith('-');
        return {
          field: (descending ? value.slice(1) : value) as TField,
          direction: descending ? 'desc' : 'asc',
        };
      }),
  });
}

/** Response envelope of every list. `approximate` is set when `count` is capped or estimated. */
export function zListResponse<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    pages: z.number().int(),
    approximate: z.boolean().optional(),
    results: z.array(item),
  });
}

export type TListResponse<T> = { count: number; pages: number; approximate?: boolean; results: T[] };

/** Counts above this are reported as `COUNT_CAP` with `approximate: true`. */
export const COUNT_CAP = 10_000;
