import { COUNT_CAP } from '@forecourt/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';

/**
 * Counts the rows a list query matches, but never more than `cap + 1`, so a count can never turn
 * into a scan of a large table. `approximate` is true when the cap was hit.
 */
export async function countCapped<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, O>,
  cap = COUNT_CAP,
): Promise<{ count: number; approximate: boolean }> {
  const capped = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from (${capped}) as capped`.execute(db);
  const count = Number(rows[0]?.count ?? 0);
  return count > cap ? { count: cap, approximate: true } : { count, approximate: false };
}

/** Number of pages of `limit` rows needed for `count` rows. */
export function pageCount(count: number, limit: number): number {
  return Math.ceil(count / limit);
}

/** Lower-cases and escapes `%`, `_` and `\` for a "contains" LIKE pattern used with `escape '\'`. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
