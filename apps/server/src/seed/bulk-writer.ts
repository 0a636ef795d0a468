import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/database';
import type { Dialect } from '../db/migrations/dsl';

/**
 * Fast row loading for both dialects behind one interface. Rows are pushed as arrays in the
 * sink's column order (or as snake_case records for the occasional wide dimension row) and leave
 * in batches: SQLite runs a prepared multi-row INSERT on the better-sqlite3 connection inside large
 * transactions; PostgreSQL sends multi-row INSERTs (at most 65 535 parameters each) over a couple
 * of dedicated pool connections with `synchronous_commit` off.
 *
 * Pushing is synchronous; callers `await writer.yield()` now and then (once per generated day) so
 * SQLite can commit and PostgreSQL can apply back-pressure. `flush()` stores everything buffered
 * and must separate phases whose rows reference each other through foreign keys.
 */
export interface TableSink {
  readonly table: string;
  readonly columns: readonly string[];
  push(values: readonly unknown[]): void;
  pushObject(record: Readonly<Record<string, unknown>>): void;
}

export interface BulkWriter {
  readonly dialect: Dialect;
  sink(table: string, columns: readonly string[]): TableSink;
  yield(): Promise<void>;
  flush(): Promise<void>;
  /** Rows stored or buffered, per table. */
  counts(): Record<string, number>;
  totalRows(): number;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name}"`;

abstract class BaseSink implements TableSink {
  buffer: unknown[] = [];
  rows = 0;
  total = 0;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    readonly batchRows: number,
  ) {}

  push(values: readonly unknown[]): void {
    if (values.length !== this.columns.length) {
      throw new Error(`${this.table}: expected ${this.columns.length} values, got ${values.length}`);
    }
    for (const value of values) this.buffer.push(value === undefined ? null : value);
    this.total++;
    if (++this.rows === this.batchRows) this.emit();
  }

  pushObject(record: Readonly<Record<string, unknown>>): void {
    for (const key of Object.keys(record)) {
      if (!this.columns.includes(key)) throw new Error(`${this.table}: unknown column ${key}`);
    }
    this.push(this.columns.map((column) => record[column] ?? null));
  }

  /** Sends the buffered rows on their way and empties the buffer. */
  abstract emit(): void;

  protected insertSql(rowCount: number, placeholder: (index: number) => string): string {
    const width = this.columns.length;
    const tuples: string[] = [];
    for (let r = 0; r < rowCount; r++) {
      const cells: string[] = [];
      for (let c = 0; c < width; c++) cells.push(placeholder(r * width + c));
      tuples.push(`(${cells.join(',')})`);
    }
    return `insert into ${quote(this.table)} (${this.columns.map(quote).join(',')}) values ${tuples.join(',')}`;
  }
}

class SqliteSink extends BaseSink {
  private readonly statements = new Map<number, BetterSqlite3.Statement>();

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly writer: SqliteWriter,
    table: string,
    columns: readonly string[],
  ) {
    super(table, columns, Math.max(1, Math.min(50, Math.floor(30_000 / columns.length))));
  }

  emit(): void {
    if (this.rows === 0) return;
    let statement = this.statements.get(this.rows);
    if (!statement) {
      statement = this.sqlite.prepare(this.insertSql(this.rows, () => '?'));
      if (this.rows === this.batchRows) this.statements.set(this.rows, statement);
    }
    this.writer.begin();
    statement.run(this.buffer);
    this.writer.pending += this.rows;
    this.buffer.length = 0;
    this.rows = 0;
  }
}

class SqliteWriter implements BulkWriter {
  readonly dialect = 'sqlite' as const;
  private readonly sinks: SqliteSink[] = [];
  private open = false;
  pending = 0;

  constructor(private readonly sqlite: BetterSqlite3.Database) {}

  begin(): void {
    if (this.open) return;
    this.sqlite.exec('begin');
    this.open = true;
  }

  private commit(): void {
    if (!this.open) return;
    this.sqlite.exec('commit');
    this.open = false;
    this.pending = 0;
  }

  sink(table: string, columns: readonly string[]): TableSink {
    const sink = new SqliteSink(this.sqlite, this, table, columns);
    this.sinks.push(sink);
    return sink;
  }

  async yield(): Promise<void> {
    if (this.pending >= 400_000) this.commit();
  }

  async flush(): Promise<void> {
    for (const sink of this.sinks) sink.emit();
    this.commit();
  }

  counts(): Record<string, number> {
    return tally(this.sinks);
  }

  totalRows(): number {
    return this.sinks.reduce((sum, sink) => sum + sink.total, 0);
  }

  async close(): Promise<void> {
    await this.flush();
  }
}

class PostgresSink extends BaseSink {
  private readonly texts = new Map<number, string>();

  constructor(
    private readonly writer: PostgresWriter,
    table: string,
    columns: readonly string[],
  ) {
    super(table, columns, Math.min(2_000, Math.floor(65_535 / columns.length)));
  }

  emit(): void {
    if (this.rows === 0) return;
    let text = this.texts.get(this.rows);
    if (!text) {
      text = this.insertSql(this.rows, (i) => `$${i + 1}`);
      this.texts.set(this.rows, text);
    }
    this.writer.send({ name: `seed_${this.table}_${this.rows}`, text, values: this.buffer });
    this.buffer = [];
    this.rows = 0;
  }
}

class PostgresWriter implements BulkWriter {
  readonly dialect = 'postgres' as const;
  private readonly sinks: PostgresSink[] = [];
  private readonly idle: pg.PoolClient[];
  private readonly waiting: pg.QueryConfig[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(private readonly clients: pg.PoolClient[]) {
    this.idle = [...clients];
  }

  sink(table: string, columns: readonly string[]): TableSink {
    const sink = new PostgresSink(this, table, columns);
    this.sinks.push(sink);
    return sink;
  }

  send(query: pg.QueryConfig): void {
    this.waiting.push(query);
    this.pump();
  }

  private pump(): void {
    while (this.idle.length > 0 && this.waiting.length > 0) {
      const client = this.idle.pop()!;
      const query = this.waiting.shift()!;
      const done: Promise<void> = client
        .query(query)
        .then(
          () => undefined,
          (error: unknown) => {
            this.failure ??= error;
          },
        )
        .finally(() => {
          this.inFlight.delete(done);
          this.idle.push(client);
          this.pump();
        });
      this.inFlight.add(done);
    }
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  async yield(): Promise<void> {
    while (this.waiting.length > 2 && this.inFlight.size > 0) await Promise.race(this.inFlight);
    this.check();
  }

  /** Stores table after table (parents before children), so foreign keys hold across connections. */
  async flush(): Promise<void> {
    for (const sink of this.sinks) {
      sink.emit();
      while (this.inFlight.size > 0 || this.waiting.length > 0) await Promise.race(this.inFlight);
      this.check();
    }
  }

  counts(): Record<string, number> {
    return tally(this.sinks);
  }

  totalRows(): number {
    return this.sinks.reduce((sum, sink) => sum + sink.total, 0);
  }

  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      for (const client of this.clients) {
        await client.query('reset synchronous_commit').catch(() => undefined);
        client.release();
      }
    }
  }
}

function tally(sinks: readonly BaseSink[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sink of sinks) counts[sink.table] = (counts[sink.table] ?? 0) + sink.total;
  return counts;
}

/** Opens a writer on the handle's native driver (better-sqlite3 or the pg pool). */
export async function createBulkWriter(handle: DatabaseHandle, connections = 2): Promise<BulkWriter> {
  if (handle.dialect === 'sqlite') {
    if (!handle.sqlite) throw new Error('SQLite handle without a better-sqlite3 connection');
    return new SqliteWriter(handle.sqlite);
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without a pool');
  const clients: pg.PoolClient[] = [];
  for (let i = 0; i < connections; i++) {
    const client = await handle.pool.connect();
    await client.query('set synchronous_commit = off');
    clients.push(client);
  }
  return new PostgresWriter(clients);
}
