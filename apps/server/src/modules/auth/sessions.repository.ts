import type { Db } from '../../db/database';

/** SQL of the session module: users' sign-in data, memberships, refresh tokens and cut-offs. */

export type UserAccessRow = {
  id: number;
  disabledAt: number | null;
  /** The user's session generation; null before the first revocation (generation 0). */
  generation: number | null;
};

export type MembershipRow = {
  id: number;
  organizationId: number;
  role: string;
  scope: string | null;
  allStations: number;
};

export function findUserAccess(db: Db, userId: number): Promise<UserAccessRow | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('sessionCutoffs', 'sessionCutoffs.userId', 'users.id')
    .select(['users.id', 'users.disabledAt', 'sessionCutoffs.generation'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** Active, enabled memberships, oldest first (the first is the organisation a sign-in lands in). */
export function findActiveMemberships(db: Db, userId: number): Promise<MembershipRow[]> {
  return db
    .selectFrom('memberships')
    .select(['id', 'organizationId', 'role', 'scope', 'allStations'])
    .where('userId', '=', userId)
    .where('status', '=', 'active')
    .where('disabledAt', 'is', null)
    .orderBy('id')
    .execute();
}

export async function findMembershipStationIds(db: Db, membershipId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('membershipStations')
    .select('stationId')
    .where('membershipId', '=', membershipId)
    .orderBy('stationId')
    .execute();
  return rows.map((row) => row.stationId);
}

/**
 * The sign-in data of an account, its password hash and session generation read together: a
 * sign-in issues tokens of the generation that went with the password it checked.
 */
export function findUserForLogin(db: Db, email: string) {
  return db
    .selectFrom('users')
    .leftJoin('sessionCutoffs', 'sessionCutoffs.userId', 'users.id')
    .select(['users.id', 'users.passwordHash', 'users.disabledAt', 'sessionCutoffs.generation'])
    .where('users.email', '=', email)
    .executeTakeFirst();
}

/** The user's current session generation (0 before any revocation). */
export async function findSessionGeneration(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessionCutoffs')
    .select('generation')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.generation ?? 0);
}

export async function updatePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', userId).execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refreshTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

export type NewRefreshToken = {
  familyId: string;
  userId: number;
  organizationId: number | null;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  generation: number;
};

export async function insertRefreshToken(db: Db, row: NewRefreshToken): Promise<number> {
  const inserted = await db.insertInto('refreshTokens').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Marks a token used (and links its successor) if nobody did first: true for exactly one of any
 * concurrent callers, false for a used or revoked token.
 */
export async function claimRefreshToken(
  db: Db,
  id: number,
  successorId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('refreshTokens')
    .set({ usedAt: now, replacedBy: successorId })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeUserFamilies(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

/**
 * Starts the user's next session generation (every token of earlier ones is refused) and records
 * when (`tokensValidAfter`, informational). Atomic: concurrent revocations each count.
 */
export async function advanceSessionGeneration(db: Db, userId: number, now: number): Promise<void> {
  await db
    .insertInto('sessionCutoffs')
    .values({ userId, tokensValidAfter: now, generation: 1 })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet((eb) => ({
        tokensValidAfter: now,
        generation: eb('sessionCutoffs.generation', '+', 1),
      })),
    )
    .execute();
}
