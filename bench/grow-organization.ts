import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { BENCH_ORGANIZATION } from './lists-server';

/**
 * Grows one organisation's fills in place until it holds at least `--rows` of them, so the deep
 * page benchmark can seek 10⁷ rows down one organisation's list (no seed we can build gives one
 * organisation that many):
 *
 *   npx tsx bench/grow-organization.ts --database-url <a copy of a seeded database> [--rows 10000000]
 *   npx tsx bench/lists.ts --database-url <the same> --lists-only
 *
 * Each round copies the organisation's original fills once more, set-based (`INSERT … SELECT`),
 * every copy shifted by its round number in milliseconds so the keys stay distinct and the copies
 * stay inside the same windows; the rollups are left as they were (the list reads fills only).
 * Writes to the database it is given: point it at a copy.
 */
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    rows: { type: 'string', default: '10000000' },
  },
});
const url = values['database-url'];
if (!url) throw new Error('--database-url <a copy of a seeded database> is required');
const target = Number(values.rows);

const database = openDatabase(url);
const db = database.db;
const columns = database.sqlite
  ? (database.sqlite.prepare('pragma table_info(transactions)').all() as { name: string }[]).map(
      (c) => c.name,
    )
  : (
      await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_name = 'transactions' and table_schema = current_schema() order by ordinal_position`.execute(
        db,
      )
    ).rows.map((c) => c.name);
const copied = columns.filter((name) => name !== 'id');
const list = sql.join(copied.map((name) => sql.ref(name)));
const shifted = (round: number) =>
  sql.join(
    copied.map((name) =>
      name === 'started_at' || name === 'ended_at' ? sql`${sql.ref(name)} + ${round}` : sql.ref(name),
    ),
  );

const count = async () =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from transactions where organization_id = ${BENCH_ORGANIZATION}`.execute(db)
    ).rows[0]?.n ?? 0,
  );
const original = await sql<{ id: number }>`select max(id) as id from transactions`.execute(db);
const lastOriginalId = Number(original.rows[0]?.id ?? 0);
let rows = await count();
const perRound = rows;
if (perRound === 0)
  throw new Error(`organisation ${BENCH_ORGANIZATION} has no fills: seed the database first`);
console.info(
  `organisation ${BENCH_ORGANIZATION}: ${rows.toLocaleString('en-GB')} fills; growing to ${target.toLocaleString('en-GB')}`,
);
for (let round = 1; rows < target; round++) {
  const started = performance.now();
  await sql`insert into transactions (${list})
    select ${shifted(round)} from transactions
     where organization_id = ${BENCH_ORGANIZATION} and id <= ${lastOriginalId}`.execute(db);
  rows += perRound;
  console.info(
    `round ${round}: ${rows.toLocaleString('en-GB')} fills (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
if (database.sqlite) database.sqlite.exec('analyze');
else await sql`analyze transactions`.execute(db);
console.info(`done: ${(await count()).toLocaleString('en-GB')} fills for organisation ${BENCH_ORGANIZATION}`);
await database.close();
