import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/** Reads the connection's schema cookie (`pragma schema_version`): it changes with every DDL. */
export type SchemaVersion = () => number;

/** The key a result column gets in a row object (e.g. snake_case → camelCase). */
export type ColumnKey = (column: string) => string;

export function schemaVersionOf(database: BetterSqlite3.Database): SchemaVersion {
  const cookie = database.prepare('pragma schema_version').pluck(true);
  return () => cookie.get() as number;
}

/**
 * A statement that returns rows (a `select`, or a write with `returning`) for Kysely: better-sqlite3
 * hands its rows back as arrays (`raw` mode) and they become objects here, each column under
 * `columnKey(name)`.
 *
 * better-sqlite3 builds an object row by setting each column by name from native code, which costs
 * about as much as the query: a 40-row page of 18 columns took ~200 µs as objects and ~110 µs as
 * arrays, and the objects then went through the camelCase mapping. Filling an object in JavaScript
 * in column order costs ~15 µs for the same page, and the keys are already the final ones, so the
 * rows are made once. Values are exactly what object mode returns (same types, same duplicate-name
 * rule: a later column of the same name wins, in the first one's place).
 *
 * Column names are read once per schema version: SQLite re-prepares a statement by itself after any
 * DDL (by any connection), and `select *` may then return other columns. The cookie is read before
 * each run, so a change between the read and the run is seen on the next call, whose names are
 * taken again after the run has re-prepared the statement.
 */
export class ArrayRowStatement implements SqliteStatement {
  readonly reader = true;
  readonly #statement: BetterSqlite3.Statement;
  readonly #schemaVersion: SchemaVersion;
  readonly #columnKey: ColumnKey;
  #keys: string[] = [];
  #keysAt = Number.NaN;

  constructor(statement: BetterSqlite3.Statement, schemaVersion: SchemaVersion, columnKey: ColumnKey) {
    if (!statement.reader) throw new TypeError('ArrayRowStatement is for statements that return rows');
    this.#statement = statement.raw(true);
    this.#schemaVersion = schemaVersion;
    this.#columnKey = columnKey;
  }

  /** True while an iteration of this statement is unfinished (see StatementCache). */
  get busy(): boolean {
    return this.#statement.busy;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const version = this.#schemaVersion();
    const rows = this.#statement.all(parameters) as unknown[][];
    return objectRows(this.#keysFor(version), rows);
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    const version = this.#schemaVersion();
    for (const row of this.#statement.iterate(parameters) as IterableIterator<unknown[]>) {
      yield toObject(this.#keysFor(version), row);
    }
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(parameters);
  }

  #keysFor(version: number): string[] {
    if (version !== this.#keysAt) {
      this.#keys = this.#statement.columns().map((column) => this.#columnKey(column.name));
      this.#keysAt = version;
    }
    return this.#keys;
  }
}

/** Array rows → objects with `keys` in column order (a later duplicate key wins, in the first one's place). */
export function objectRows(keys: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  const objects = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) objects[i] = toObject(keys, rows[i]!);
  return objects;
}

function toObject(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
  return row;
}
