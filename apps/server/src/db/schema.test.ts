import { join } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { ColumnNames } from './camel-case';

/**
 * schema.ts (the row types Kysely checks queries against) against the database the migrations
 * build, on the dialect under test (SQLite, or PostgreSQL with TEST_DATABASE_URL): the same
 * tables, the same columns, each with a compatible type and the same nullability.
 */

/** What a column holds, as far as TypeScript and the database can both say it. */
type Kind = 'number' | 'string' | 'boolean' | 'bytes' | 'unknown';
type Column = { kind: Kind; nullable: boolean; detail: string };
type Tables = Map<string, Map<string, Column>>;

const toSnakeCase = new ColumnNames().toSnakeCase;

/**
 * The selected row type of every table of `Database`, resolved by the TypeScript checker from a
 * probe module next to schema.ts that is served from memory (nothing is written to disk).
 */
function schemaTables(): Tables {
  const dir = join(import.meta.dirname);
  const probe = join(dir, '__schema-probe__.ts');
  const source = [
    "import type { Selectable } from 'kysely';",
    "import type { Database } from './schema';",
    'export declare const rows: { [K in keyof Database]: Selectable<Database[K]> };',
  ].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === probe || fileExists(file);
  host.getSourceFile = (file, language, ...rest) =>
    file === probe ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const probeFile = program.getSourceFile(probe);
  if (!probeFile) throw new Error('probe module not loaded');
  const moduleSymbol = checker.getSymbolAtLocation(probeFile);
  const rows = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'rows');
  if (!rows) throw new Error('probe export not found');

  const tables: Tables = new Map();
  for (const table of checker.getTypeOfSymbol(rows).getProperties()) {
    const columns = new Map<string, Column>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      columns.set(toSnakeCase(column.name), tsColumn(checker, checker.getTypeOfSymbol(column)));
    }
    tables.set(toSnakeCase(table.name), columns);
  }
  return tables;
}

function tsColumn(checker: ts.TypeChecker, type: ts.Type): Column {
  const parts = type.isUnion() ? type.types : [type];
  const nullable = parts.some((part) => part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined));
  const kinds = new Set<Kind>();
  for (const part of parts) {
    const flags = part.flags;
    if (flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
    if (flags & ts.TypeFlags.NumberLike) kinds.add('number');
    else if (flags & ts.TypeFlags.StringLike) kinds.add('string');
    else if (flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (checker.typeToString(part).startsWith('Buffer') || checker.typeToString(part) === 'Uint8Array')
      kinds.add('bytes');
    else kinds.add('unknown');
  }
  const kind: Kind = kinds.size === 1 ? [...kinds][0]! : 'unknown';
  return { kind, nullable, detail: checker.typeToString(type) };
}

function sqliteKind(declared: string): Kind {
  const type = declared.toLowerCase();
  if (/int|real|floa|doub|numeric|decimal/.test(type)) return 'number';
  if (/char|clob|text/.test(type)) return 'string';
  if (type === '' || /blob/.test(type)) return 'bytes';
  return 'unknown';
}

function postgresKind(type: string): Kind {
  if (/^(smallint|integer|bigint|real|double precision|numeric)/.test(type)) return 'number';
  if (/^(text|character varying|character|uuid|date)\b/.test(type)) return 'string';
  if (type === 'boolean') return 'boolean';
  if (type === 'bytea') return 'bytes';
  return 'unknown';
}

/** Migration bookkeeping, not application tables. */
const BOOKKEEPING = /^(kysely_migration|kysely_migration_lock|sqlite_sequence|sqlite_stat\d)$/;

async function databaseTables(handle: Awaited<ReturnType<typeof createTestDatabase>>): Promise<Tables> {
  const tables: Tables = new Map();
  const add = (table: string, column: string, value: Column) => {
    if (BOOKKEEPING.test(table)) return;
    if (!tables.has(table)) tables.set(table, new Map());
    tables.get(table)?.set(column, value);
  };
  if (handle.dialect === 'sqlite') {
    const names = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db);
    for (const { name } of names.rows) {
      // `table_xinfo`: generated columns too (hidden 2 virtual, 3 stored), not a virtual table's hidden ones.
      const info = await sql<{ name: string; type: string; notnull: number; pk: number }>`
        select name, type, "notnull", pk from pragma_table_xinfo(${name}) where hidden in (0, 2, 3)`.execute(
        handle.db,
      );
      for (const column of info.rows) {
        // An `integer primary key` is the rowid: never null, whatever `notnull` says.
        const nullable = column.notnull === 0 && column.pk === 0;
        add(name, column.name, { kind: sqliteKind(column.type), nullable, detail: column.type || '(none)' });
      }
    }
  } else {
    // Tables of the schema on the search path; a partition is part of its parent table, not one of its own.
    const columns = await sql<{ tableName: string; columnName: string; dataType: string; notNull: boolean }>`
      select c.relname as table_name, a.attname as column_name,
             format_type(a.atttypid, a.atttypmod) as data_type, a.attnotnull as not_null
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped`.execute(handle.db);
    for (const column of columns.rows) {
      add(column.tableName, column.columnName, {
        kind: postgresKind(column.dataType),
        nullable: !column.notNull,
        detail: column.dataType,
      });
    }
  }
  return tables;
}

describe('schema.ts matches the migrated database', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let declared: Tables;
  let actual: Tables;

  beforeAll(async () => {
    handle = await createTestDatabase();
    actual = await databaseTables(handle);
    declared = schemaTables();
  }, 120_000);
  afterAll(() => handle?.dispose());

  it('has the same tables', () => {
    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
  });

  it('has the same columns in every table', () => {
    const differences: string[] = [];
    for (const [table, columns] of declared) {
      const migrated = actual.get(table);
      if (!migrated) continue;
      for (const column of columns.keys()) {
        if (!migrated.has(column)) differences.push(`${table}.${column}: in schema.ts, not in the database`);
      }
      for (const column of migrated.keys()) {
        if (!columns.has(column)) differences.push(`${table}.${column}: in the database, not in schema.ts`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('gives every column a compatible type and the same nullability', () => {
    const differences: string[] = [];
    for (const [table, columns] of declared) {
      for (const [name, column] of columns) {
        const migrated = actual.get(table)?.get(name);
        if (!migrated) continue;
        const where = `${table}.${name} (schema.ts ${column.detail}, ${handle.dialect} ${migrated.detail}${migrated.nullable ? ' null' : ' not null'})`;
        if (column.kind !== migrated.kind)
          differences.push(`${where}: type ${column.kind} vs ${migrated.kind}`);
        if (column.nullable !== migrated.nullable) {
          differences.push(`${where}: ${column.nullable ? 'nullable' : 'not nullable'} in schema.ts`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
