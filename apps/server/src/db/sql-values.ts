import { type RawBuilder, sql } from 'kysely';

/**
 * Bound values in the select list of an INSERT … SELECT need a type on PostgreSQL (a bare
 * parameter there is text); a cast works on both dialects.
 */
export const bigintValue = (value: number): RawBuilder<number> => sql<number>`cast(${value} as bigint)`;
export const textValue = (value: string): RawBuilder<string> => sql<string>`cast(${value} as text)`;
export const nullableBigint = (value: number | null): RawBuilder<number | null> =>
  value === null ? sql<null>`cast(null as bigint)` : bigintValue(value);
export const nullableText = (value: string | null): RawBuilder<string | null> =>
  value === null ? sql<null>`cast(null as text)` : textValue(value);
