import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Only repositories build SQL: under `modules/`, a Kysely query builder call or an `sql` template
 * outside a `*.repository.ts` file (test files and test helpers aside) fails this check.
 */

const MODULES_DIR = __dirname;

/** Files under `modules/` allowed to build SQL without being repositories: none (the scope and keyset helpers live in `lib/`). */
const ALLOWED = new Set<string>();

const BUILDER_CALL =
  /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/;
const SQL_TEMPLATE = /\bsql\s*(<[^`;]*>)?\s*`/;
const SQL_HELPER = /\bsql\.(raw|ref|lit|id|table|join|val|value)\s*\(/;
const SQL_IMPORT = /import\s*\{[^}]*(?<!type\s)\bsql\b[^}]*\}\s*from\s*'kysely'/;

/** The reasons a source text counts as building SQL (empty when it does not). */
export function sqlBuilders(source: string): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return;
    for (const pattern of [BUILDER_CALL, SQL_TEMPLATE, SQL_HELPER]) {
      const match = pattern.exec(line);
      if (match) found.push(`line ${index + 1}: ${match[0].trim()}`);
    }
  });
  const imported = SQL_IMPORT.exec(source);
  if (imported) found.push(`imports sql from kysely`);
  return found;
}

function isExempt(path: string): boolean {
  return (
    path.endsWith('.repository.ts') ||
    path.endsWith('.test.ts') ||
    path.endsWith('/testing.ts') ||
    path === 'testing.ts' ||
    path.endsWith('test-helpers.ts') ||
    path.includes('/testing/') ||
    ALLOWED.has(path)
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('only repositories build SQL', () => {
  it('finds builder calls, sql templates and sql imports', () => {
    expect(sqlBuilders("const rows = await db.selectFrom('users').selectAll().execute();")).toHaveLength(1);
    expect(sqlBuilders('await trx\n  .deleteFrom("outbox")\n  .execute();')).toHaveLength(1);
    expect(sqlBuilders('const n = sql<number>`count(*)`;')).toHaveLength(1);
    expect(sqlBuilders('const r = sql.ref("users.id");')).toHaveLength(1);
    expect(sqlBuilders("import { sql } from 'kysely';")).toEqual(['imports sql from kysely']);
    expect(sqlBuilders("import type { Kysely } from 'kysely';")).toEqual([]);
    expect(sqlBuilders("import { type Selectable } from 'kysely';")).toEqual([]);
    expect(sqlBuilders('// selectFrom( in a comment')).toEqual([]);
    expect(sqlBuilders('const summary = listUsers(db);')).toEqual([]);
  });

  it('no file under modules/ outside a repository builds SQL', () => {
    const offenders = sourceFiles(MODULES_DIR)
      .map((file) => ({ file: relative(MODULES_DIR, file).split('\\').join('/'), source: file }))
      .filter(({ file }) => !isExempt(file))
      .map(({ file, source }) => ({ file, reasons: sqlBuilders(readFileSync(source, 'utf8')) }))
      .filter(({ reasons }) => reasons.length > 0)
      .map(({ file, reasons }) => `${file}: ${reasons.join('; ')}`);
    expect(offenders).toEqual([]);
  });
});
