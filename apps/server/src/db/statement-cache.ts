import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { ArrayRowStatement, type ColumnKey, type SchemaVersion, schemaVersionOf } from './array-rows';

/** Prepared statements kept per SQLite connection; a few hundred shapes cover the whole API. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

export type StatementCacheOptions = { capacity?: number; columnKey?: ColumnKey };

type CachedStatement = SqliteStatement & { readonly busy: boolean };

export type StatementCacheStats = { size: number; hits: number; misses: number; evictions: number };

/**
 * What Kysely's SqliteDialect sees as its `database`: better-sqlite3 with one prepared statement
 * kept per SQL text, least recently used evicted beyond `capacity`.
 *
 * Kysely's SQLite driver calls `prepare(sql)` for every query, and compiling a statement costs
 * about as much as running a keyset page (20–80 µs against ~150 µs). Kysely compiles the same
 * query shape to the same SQL text with its values as parameters, so the text is the key.
 *
 * Safe to reuse because:
 * - better-sqlite3 resets a statement after `all`/`run`, so a cached one holds no read
 *   transaction (WAL checkpoints are not blocked) and carries no state between calls;
 * - SQLite re-prepares a statement by itself when the schema changed (migrations, the seed's
 *   index rebuild): `select *` then returns the new columns, a dropped table fails as a fresh
 *   `prepare` would;
 * - a statement still being iterated (Kysely's `stream()`) is `busy`; a second user of the same
 *   text meanwhile gets a fresh, uncached statement;
 * - statements that return rows are kept in `raw` mode and read through {@link ArrayRowStatement},
 *   which makes the row objects (under `columnKey` of each column name) and keeps its column names
 *   only as long as the schema version they were read at; nothing else toggles a cached
 *   statement's modes. Bulk loading works on the unwrapped connection.
 *
 * Evicted statements are dropped, not finalised (better-sqlite3 finalises on garbage collection
 * and on `close()`).
 */
export class StatementCache implements SqliteDatabase {
  readonly #database: BetterSqlite3.Database;
  readonly #capacity: number;
  /** Insertion order is recency order: a hit moves its entry to the end. */
  readonly #statements = new Map<string, CachedStatement>();
  readonly #schemaVersion: SchemaVersion;
  readonly #columnKey: ColumnKey;
  #hits = 0;
  #misses = 0;
  #evictions = 0;

  /** `columnKey`: the key each result column gets in a row object (default: its name). */
  constructor(
    database: BetterSqlite3.Database,
    {
      capacity = DEFAULT_STATEMENT_CACHE_SIZE,
      columnKey = (name: string) => name,
    }: StatementCacheOptions = {},
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.#database = database;
    this.#capacity = capacity;
    this.#columnKey = columnKey;
    this.#schemaVersion = schemaVersionOf(database);
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached !== undefined) {
      if (cached.busy) return this.#fresh(sql);
      this.#hits++;
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    this.#misses++;
    const statement = this.#fresh(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.#capacity) {
      const oldest = this.#statements.keys().next().value as string;
      this.#statements.delete(oldest);
      this.#evictions++;
    }
    return statement;
  }

  #fresh(sql: string): CachedStatement {
    const statement = this.#database.prepare(sql);
    return statement.reader
      ? new ArrayRowStatement(statement, this.#schemaVersion, this.#columnKey)
      : (statement as unknown as CachedStatement);
  }

  /** Drops every cached statement (the connection stays open). */
  clear(): void {
    this.#statements.clear();
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }

  stats(): StatementCacheStats {
    return {
      size: this.#statements.size,
      hits: this.#hits,
      misses: this.#misses,
      evictions: this.#evictions,
    };
  }
}
