import {
  CamelCasePlugin,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresQueryCompiler,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * camelCase in TypeScript, snake_case in SQL — what Kysely's CamelCasePlugin does, without the
 * plugin's two passes over every query and every result:
 *
 * - Identifiers are snake_cased as the compiler writes them ({@link camelCaseDialect}), instead of
 *   the plugin rebuilding the whole operation tree before every compile: that rebuild cost more
 *   than compiling (~10 µs of ~40 µs to build and compile a list query, 2–4× that inside a
 *   request). Every identifier the compiler writes goes through `sanitizeIdentifier`, which is
 *   exactly the set of nodes the plugin renamed, so the SQL is the same text.
 * - Result rows are made with camelCase keys by the drivers' wrappers, which read rows as arrays
 *   and build one object per row with {@link ColumnNames.toCamelCase} (`array-rows.ts` for SQLite,
 *   `named-statements.ts` for PostgreSQL), instead of the driver building a snake_case row and the
 *   plugin copying it.
 *
 * So no plugin is installed; this class lends the stock plugin's memoised name rules to both.
 */
export class ColumnNames extends CamelCasePlugin {
  /** camelCase → snake_case, for the compiler. */
  readonly toSnakeCase = (name: string): string => this.snakeCase(name);
  /** snake_case → camelCase, for result columns. */
  readonly toCamelCase = (name: string): string => this.camelCase(name);
}

/** Memoised `sanitize(toSnakeCase(identifier))`: identifiers are the schema's names and aliases. */
function identifierWriter(toSnakeCase: (name: string) => string, sanitize: (name: string) => string) {
  const written = new Map<string, string>();
  return (identifier: string): string => {
    let text = written.get(identifier);
    if (text === undefined) {
      text = sanitize(toSnakeCase(identifier));
      written.set(identifier, text);
    }
    return text;
  };
}

class SnakeCaseSqliteQueryCompiler extends SqliteQueryCompiler {
  readonly #write: (identifier: string) => string;
  constructor(toSnakeCase: (name: string) => string) {
    super();
    this.#write = identifierWriter(toSnakeCase, (name) => super.sanitizeIdentifier(name));
  }
  protected override sanitizeIdentifier(identifier: string): string {
    return this.#write(identifier);
  }
}

class SnakeCasePostgresQueryCompiler extends PostgresQueryCompiler {
  readonly #write: (identifier: string) => string;
  constructor(toSnakeCase: (name: string) => string) {
    super();
    this.#write = identifierWriter(toSnakeCase, (name) => super.sanitizeIdentifier(name));
  }
  protected override sanitizeIdentifier(identifier: string): string {
    return this.#write(identifier);
  }
}

/** The SQLite or PostgreSQL dialect whose compiler writes identifiers in snake_case (see above). */
export function camelCaseDialect(
  config: { sqlite: SqliteDialectConfig } | { postgres: PostgresDialectConfig },
  names: ColumnNames,
): SqliteDialect | PostgresDialect {
  if ('sqlite' in config) {
    return new (class extends SqliteDialect {
      override createQueryCompiler(): QueryCompiler {
        return new SnakeCaseSqliteQueryCompiler(names.toSnakeCase);
      }
    })(config.sqlite);
  }
  return new (class extends PostgresDialect {
    override createQueryCompiler(): QueryCompiler {
      return new SnakeCasePostgresQueryCompiler(names.toSnakeCase);
    }
  })(config.postgres);
}
