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
 * arrays, and the objects then went through the camelCase mapping. Here each row is one object
 * literal with the final keys (see {@link objectRows}), so rows are made once. Values are exactly what object mode returns (same types, same duplicate-name
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
      yield rowMaker(this.#keysFor(version))(row);
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

/** Makes one row object from an array of column values. */
type RowMaker = (values: readonly unknown[]) => Record<string, unknown>;

const MAKERS_KEPT = 1000;
const makers = new Map<string, RowMaker>();

/**
 * The row maker for `keys`: a function built once per key list whose single object literal names
 * every key, so each row is one allocation of a fixed shape (~1.5 µs for a 40-row page of 18
 * columns, against ~12 µs setting the keys one by one). Keys are written as quoted computed
 * properties (`["__proto__"]` stays an own property, as in better-sqlite3's and node-postgres's
 * rows; a repeated key keeps the later value, as theirs do).
 */
function rowMaker(keys: readonly string[]): RowMaker {
  const id = JSON.stringify(keys);
  let make = makers.get(id);
  if (make === undefined) {
    const properties = keys.map((key, index) => `[${JSON.stringify(key)}]: values[${index}]`);
    make = new Function('values', `return {${properties.join(', ')}};`) as RowMaker;
    if (makers.size >= MAKERS_KEPT) makers.clear();
    makers.set(id, make);
  }
  return make;
}

/** Array rows → objects with `keys` in column order. */
export function objectRows(keys: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  const make = rowMaker(keys);
  const objects = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) objects[i] = make(rows[i]!);
  return objects;
}
