/**
 * True for the unique-constraint error of either dialect (SQLite's `SQLITE_CONSTRAINT_UNIQUE`,
 * PostgreSQL's `23505`). Services that expect a race catch it and answer 409 themselves; the error
 * handler turns one that reaches it into a 409 `CONFLICT` as well, so a lost race is never a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
