import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { type ColumnKey, objectRows } from './array-rows';

/** Named statements a PostgreSQL connection may hold at most (each backend keeps its own plans). */
export const DEFAULT_NAMED_STATEMENTS = 256;

/**
 * Which SQL texts run as named prepared statements, and under which name. A text is named on its
 * second execution (one-off SQL never takes a slot), and at most `capacity` texts are named; later
 * ones run unnamed as before. Names are never reused for another text: node-postgres refuses a
 * known name with a different text, and the server still holds the old statement.
 */
export class StatementNames {
  readonly #capacity: number;
  readonly #prefix: string;
  readonly #names = new Map<string, string>();
  /** Texts seen once and not named yet (bounded: cleared when it reaches 4 × capacity). */
  readonly #seen = new Set<string>();
  #counter = 0;
  #paused = false;

  constructor(capacity = DEFAULT_NAMED_STATEMENTS, prefix = 'fc') {
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new RangeError('capacity must be a non-negative integer');
    this.#capacity = capacity;
    this.#prefix = prefix;
  }

  /** The statement name for `sql`, or undefined while it should run unnamed. */
  nameFor(sql: string): string | undefined {
    const named = this.#names.get(sql);
    if (named !== undefined) return named;
    if (this.#paused || this.#names.size >= this.#capacity) return undefined;
    if (!this.#seen.has(sql)) {
      if (this.#seen.size >= 4 * this.#capacity) this.#seen.clear();
      this.#seen.add(sql);
      return undefined;
    }
    this.#seen.delete(sql);
    const name = `${this.#prefix}_${++this.#counter}`;
    this.#names.set(sql, name);
    return name;
  }

  /** Stops using the name of `sql` (its server-side plan went stale); a later run gets a new one. */
  retire(sql: string): void {
    this.#names.delete(sql);
  }

  /**
   * Forgets every name and, while `paused`, names nothing new: migrations run unnamed (a statement
   * prepared inside a migration could go stale within the same transaction), and statements named
   * before them are not reused after.
   */
  reset({ paused = false }: { paused?: boolean } = {}): void {
    this.#names.clear();
    this.#seen.clear();
    this.#paused = paused;
  }

  get size(): number {
    return this.#names.size;
  }
}

/**
 * PostgreSQL raises this (SQLSTATE 0A000) when a prepared `select *`-like statement is executed
 * after its table gained or lost columns, e.g. another process migrated the schema.
 */
function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' &&
    typeof message === 'string' &&
    message.includes('cached plan must not change result type')
  );
}

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b/i;

/** What node-postgres answers for one statement in `rowMode: 'array'`. */
type ArrayResult = { rows: unknown[][]; fields: ReadonlyArray<{ name: string }> };

/**
 * Turns array rows into objects keyed by `columnKey(field name)`, in place; a multi-statement
 * (simple protocol) query answers one result per statement.
 */
function keyRows<R>(
  answer: PostgresQueryResult<R> | PostgresQueryResult<R>[],
  columnKey: ColumnKey,
): PostgresQueryResult<R> {
  for (const result of (Array.isArray(answer) ? answer : [answer]) as unknown as ArrayResult[]) {
    if (!result.rows?.length) continue;
    result.rows = objectRows(
      result.fields.map((field) => columnKey(field.name)),
      result.rows,
    ) as unknown as unknown[][];
  }
  return answer as PostgresQueryResult<R>;
}

/**
 * A pool client as Kysely's PostgreSQL driver sees it, running parameterised queries as named
 * prepared statements: after its first run on a connection, a statement skips parse and analysis
 * (and, once PostgreSQL settles on a generic plan, planning). Queries without parameters — DDL,
 * `begin`/`commit`, multi-statement migrations — keep the simple protocol, as before.
 *
 * Rows are read as arrays (`rowMode: 'array'`) and made into objects here, each column under
 * `columnKey(name)`: one object per row instead of node-postgres's row and then a renamed copy
 * (see `array-rows.ts`). Values are node-postgres's own, parsed by type as in object mode; JSON is
 * stored as text, so no result holds objects whose keys would need renaming.
 */
class NamedStatementClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient;
  readonly #names: StatementNames;
  readonly #columnKey: ColumnKey;
  #inTransaction = false;

  constructor(client: pg.PoolClient, names: StatementNames, columnKey: ColumnKey) {
    this.#client = client;
    this.#names = names;
    this.#columnKey = columnKey;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    const client = this.#client as unknown as {
      query(...args: unknown[]): Promise<PostgresQueryResult<R>> | PostgresCursor<R>;
    };
    // Kysely streams through a cursor only when the dialect is given one; this app's is not.
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor) as PostgresCursor<R>;
    const text = sqlOrCursor;
    const run = (config: { name?: string; text: string; values: unknown[] }) =>
      (client.query({ ...config, rowMode: 'array' }) as Promise<PostgresQueryResult<R>>).then((answer) =>
        keyRows(answer, this.#columnKey),
      );
    const values = parameters ? [...parameters] : [];
    if (values.length === 0) {
      if (TRANSACTION_START.test(text)) this.#inTransaction = true;
      else if (TRANSACTION_END.test(text)) this.#inTransaction = false;
      return run({ text, values });
    }
    const name = this.#names.nameFor(text);
    if (name === undefined) return run({ text, values });
    return run({ name, text, values }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      // The statement did not run. Give the text a fresh name for next time; outside a
      // transaction run it once more unnamed (inside one, the transaction is already aborted).
      this.#names.retire(text);
      if (this.#inTransaction) throw error;
      return run({ text, values });
    });
  }

  release(): void {
    this.#inTransaction = false;
    this.#client.release();
  }
}

export type NamedStatementPoolOptions = { names?: StatementNames; columnKey?: ColumnKey };

/** The pool handed to Kysely's PostgresDialect: the node-postgres pool with named statements. */
export class NamedStatementPool implements PostgresPool {
  readonly names: StatementNames;
  readonly #pool: pg.Pool;
  readonly #clients = new WeakMap<pg.PoolClient, NamedStatementClient>();
  readonly #columnKey: ColumnKey;

  /** `columnKey`: the key each result column gets in a row object (default: its name). */
  constructor(
    pool: pg.Pool,
    { names = new StatementNames(), columnKey = (name: string) => name }: NamedStatementPoolOptions = {},
  ) {
    this.#pool = pool;
    this.names = names;
    this.#columnKey = columnKey;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.#pool.connect();
    let wrapped = this.#clients.get(client);
    if (!wrapped) {
      wrapped = new NamedStatementClient(client, this.names, this.#columnKey);
      this.#clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}
