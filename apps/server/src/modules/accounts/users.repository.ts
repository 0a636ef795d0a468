import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type UserRow = Selectable<UsersTable>;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user; undefined when the email is taken (a concurrent signup won). */
export async function insertUser(
  db: Db,
  user: { email: string; passwordHash: string | null; firstName: string; lastName: string },
  now: number,
): Promise<number | undefined> {
  try {
    const row = await db
      .insertInto('users')
      .values({ ...user, emailVerifiedAt: null, disabledAt: null, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Sets the password; a user who proved control of the mailbox also counts as verified. */
export async function setUserName(db: Db, userId: number, firstName: string, lastName: string) {
  await db.updateTable('users').set({ firstName, lastName }).where('id', '=', userId).execute();
}

export async function setUserPassword(db: Db, userId: number, passwordHash: string, now: number) {
  await db
    .updateTable('users')
    .set((eb) => ({
      passwordHash,
      emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', eb.val(now)),
      updatedAt: now,
    }))
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .execute();
}

/** The organisation the user is an active member of, if any (one organisation per user). */
export async function findActiveOrganizationId(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('memberships')
    .select('organizationId')
    .where('userId', '=', userId)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  return row?.organizationId ?? null;
}

/**
 * Drops the password of an account whose address was never verified; true when one was dropped.
 * Used when the address's real owner proves it through a sign-in provider.
 */
export async function dropUnverifiedPassword(db: Db, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ passwordHash: null, updatedAt: now })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .where('passwordHash', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
