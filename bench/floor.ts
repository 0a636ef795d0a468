import type { DatabaseHandle } from '../apps/server/src/db/database';
import { appCpu, databaseCpu } from './cpu';

/**
 * Floors: the same rows an app path wrote, written again by the raw bulk path of the dialect. Used
 * by the fan-out bench (below) and the ingest bench (ingest-floor.ts: the fills of one batch).
 *
 * The floor of a fan-out: the rows one fan-out round left behind (its event, notifications, jobs,
 * in-app messages and execution details, as they ended up), written again as copies in ONE
 * transaction by the cheapest bulk path of each dialect, into the same tables with the same
 * indexes, unique keys and foreign keys:
 *   - SQLite: multi-row `INSERT … VALUES (…), (…)` statements, prepared once per table and batch;
 *   - PostgreSQL: one `INSERT … SELECT * FROM unnest($1::type[], …)` per table (one round trip each).
 * Ids are given explicitly (the copies reference each other like the originals); transaction ids
 * get a suffix so the unique keys hold. What the app does beyond this floor is the price of its
 * statuses, renders and queue: the ratio fan-out / floor is the figure of bench/README.md.
 */
const TABLES = [
  { name: 'notify_events', by: 'id' },
  { name: 'notify_notifications', by: 'event_id' },
  { name: 'notify_jobs', by: 'event_id' },
  { name: 'notify_messages', by: 'event_id' },
  { name: 'notify_execution_details', by: 'event_id' },
] as const;
type TableName = string;
/** Columns that point at rows copied too, and the table whose ids they hold. */
const REFERENCES: Record<string, string> = {
  event_id: 'notify_events',
  notification_id: 'notify_notifications',
  job_id: 'notify_jobs',
};

type Row = Record<string, unknown>;
export type FloorRows = { table: TableName; columns: string[]; rows: unknown[][] }[];

/** Rows of `table` matching `where` (trusted SQL), as the floor's source. */
export async function rowsWhere(handle: DatabaseHandle, table: string, where: string): Promise<FloorRows> {
  const text = `select * from ${table} where ${where} order by id`;
  const rows: Row[] = handle.sqlite
    ? (handle.sqlite.prepare(text).all() as Row[])
    : (await handle.pool!.query(text)).rows;
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  return [{ table, columns, rows: rows.map((row) => columns.map((c) => row[c])) }];
}

/** Reads back what the fan-out of `eventId` wrote (snake_case columns, driver values). */
export async function rowsOfEvent(handle: DatabaseHandle, eventId: number): Promise<FloorRows> {
  const out: FloorRows = [];
  for (const { name, by } of TABLES)
    out.push(...(await rowsWhere(handle, name, `${by} = ${Number(eventId)}`)));
  return out;
}

/** The copies of `source`: new ids (past each table's largest), references and transaction ids remapped. */
async function copies(
  handle: DatabaseHandle,
  source: FloorRows,
  tag: string,
  unique: readonly string[],
): Promise<FloorRows> {
  const offsets = new Map<TableName, number>();
  for (const { table, columns, rows } of source) {
    const text = `select coalesce(max(id), 0) as max from ${table}`;
    const max = handle.sqlite
      ? Number((handle.sqlite.prepare(text).get() as { max: number }).max)
      : Number((await handle.pool!.query(text)).rows[0].max);
    const idIndex = columns.indexOf('id');
    const smallest = rows.reduce((min, row) => Math.min(min, Number(row[idIndex])), Number.POSITIVE_INFINITY);
    offsets.set(table, rows.length ? max + 1 - smallest : 0);
  }
  return source.map(({ table, columns, rows }) => {
    const plan = columns.map((column) => {
      if (column === 'id') return (v: unknown) => Number(v) + offsets.get(table)!;
      const target = REFERENCES[column];
      if (target) return (v: unknown) => (v === null ? null : Number(v) + offsets.get(target)!);
      if (unique.includes(column)) return (v: unknown) => (v === null ? null : `${v}-${tag}`);
      return (v: unknown) => v;
    });
    return { table, columns, rows: rows.map((row) => row.map((v, i) => plan[i]!(v))) };
  });
}

/**
 * Writes copies of `source` in one transaction; returns the time of the write alone (ms), its CPU
 * time (ms: this process and, on PostgreSQL, the server's) and the row count.
 */
export async function timeFloorWrite(
  handle: DatabaseHandle,
  source: FloorRows,
  tag: string,
  /** Text columns under a unique key: the copies get `-<tag>` appended. */
  unique: readonly string[] = ['transaction_id'],
): Promise<{ ms: number; cpu: number; rows: number }> {
  const data = await copies(handle, source, tag, unique);
  const rows = data.reduce((n, t) => n + t.rows.length, 0);
  if (handle.sqlite) {
    const sqlite = handle.sqlite;
    // Statements prepared before the clock starts, as a bulk loader would hold them.
    const prepared = data.map(({ table, columns, rows: tableRows }) => {
      const perStatement = Math.max(1, Math.min(tableRows.length, Math.floor(32_000 / columns.length), 500));
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      const text = (n: number) =>
        `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array(n).fill(tuple).join(', ')}`;
      const full = sqlite.prepare(text(perStatement));
      const rest = tableRows.length % perStatement;
      return { tableRows, perStatement, full, last: rest ? sqlite.prepare(text(rest)) : null };
    });
    const cpuBefore = appCpu();
    const started = performance.now();
    sqlite.transaction(() => {
      for (const { tableRows, perStatement, full, last } of prepared) {
        for (let at = 0; at < tableRows.length; at += perStatement) {
          const chunk = tableRows.slice(at, at + perStatement);
          (chunk.length === perStatement ? full : last!).run(...chunk.flat());
        }
      }
    })();
    return { ms: performance.now() - started, cpu: appCpu() - cpuBefore, rows };
  }
  const pool = handle.pool!;
  const types = new Map<string, string>();
  for (const { table } of data) {
    const { rows: info } = await pool.query<{ column_name: string; udt_name: string }>(
      'select column_name, udt_name from information_schema.columns where table_name = $1 and table_schema = current_schema()',
      [table],
    );
    for (const column of info) types.set(`${table}.${column.column_name}`, column.udt_name);
  }
  const client = await pool.connect();
  try {
    const statements = data
      .filter((t) => t.rows.length > 0)
      .map(({ table, columns, rows: tableRows }) => ({
        text: `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${columns
          .map((c, i) => `$${i + 1}::${types.get(`${table}.${c}`)}[]`)
          .join(', ')})`,
        values: columns.map((_, i) => tableRows.map((row) => row[i])),
      }));
    const cpuBefore = appCpu() + (await databaseCpu(handle));
    const started = performance.now();
    await client.query('begin');
    for (const statement of statements) await client.query(statement);
    await client.query('commit');
    const ms = performance.now() - started;
    const cpu = appCpu() + (await databaseCpu(handle)) - cpuBefore;
    // The copies took explicit ids: move the identity sequences past them for the app's inserts.
    for (const { table } of data) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    return { ms, cpu, rows };
  } finally {
    client.release();
  }
}
