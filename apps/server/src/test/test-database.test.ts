import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrations } from '../db/migrations/index';
import { createTestDatabase } from './test-database';

/** Every API test file starts from a copy of the run's template: migrated, empty, its own. */
describe('createTestDatabase', () => {
  it('copies the template migrated once for the run', async () => {
    const template = inject('testDatabaseTemplate');
    expect(template?.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
    const database = await createTestDatabase();
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        database.db,
      );
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      const users = await database.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
    } finally {
      await database.dispose();
    }
  });

  it('gives each caller a database of its own: writes to one do not reach another', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      await sql`create table only_in_first (id integer)`.execute(first.db);
      await expect(sql`select * from only_in_first`.execute(second.db)).rejects.toThrow();
      const third = await createTestDatabase();
      await expect(sql`select * from only_in_first`.execute(third.db)).rejects.toThrow();
      await third.dispose();
    } finally {
      await first.dispose();
      await second.dispose();
    }
  });
});
