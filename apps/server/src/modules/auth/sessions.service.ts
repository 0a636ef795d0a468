import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TTokenPair } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type SigningKey, signAccessToken } from './access-token';
import { type AuthContext, authContext } from './auth-context';
import { REFRESH_ABSOLUTE_MS, REFRESH_IDLE_MS, REFRESH_REUSE_GRACE_MS } from './session-policy';
import {
  advanceSessionGeneration,
  claimRefreshToken,
  findRefreshToken,
  findSessionGeneration,
  insertRefreshToken,
  type NewRefreshToken,
  revokeFamily,
  revokeUserFamilies,
} from './sessions.repository';
import { loadUserState, type MembershipAccess, type UserState } from './user-state';

export type IssuedTokens = TTokenPair & { organizationId: number | null };

/** 256 random bits, base64url. */
const REFRESH_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const invalidToken = () =>
  new AppError('INVALID_TOKEN', 'The token is invalid or has expired. Sign in again.');

function pickMembership(state: UserState, preferred: number | null | undefined): MembershipAccess | null {
  return state.memberships.find((m) => m.organizationId === preferred) ?? state.memberships[0] ?? null;
}

/** The sign-in was overtaken by a revocation (a password reset committed while it ran). */
const sessionsEndedMeanwhile = () =>
  new AppError('INVALID_CREDENTIALS', 'The email or password is not correct');

/**
 * A new token pair and the refresh-token row to store for it (in `family`, or a new one), both of
 * session generation `generation`: they work until the user's generation moves on.
 */
async function mint(
  context: AuthContext,
  key: SigningKey,
  state: UserState,
  membership: MembershipAccess | null,
  family: { id: string; expiresAt: number } | null,
  generation: number,
): Promise<{ pair: TTokenPair; row: NewRefreshToken }> {
  const now = context.now();
  const refreshToken = randomBytes(32).toString('base64url');
  const createdAt = now;
  const accessToken = await signAccessToken(key, {
    userId: state.userId,
    scope: membership?.scope ?? '',
    organizationId: membership?.organizationId ?? null,
    generation,
    iat: Math.floor(now / 1000),
  });
  return {
    pair: { access_token: accessToken, refresh_token: refreshToken },
    row: {
      familyId: family?.id ?? randomUUID(),
      userId: state.userId,
      organizationId: membership?.organizationId ?? null,
      tokenHash: hashToken(refreshToken),
      createdAt,
      expiresAt: family?.expiresAt ?? createdAt + REFRESH_ABSOLUTE_MS,
      generation,
    },
  };
}

/**
 * Starts a new session (a new refresh-token family) for a user, in their first active
 * organisation or `organizationId` when they belong to it. For login, signup, organisation signup.
 * The caller has already decided the user may sign in (password, disabled state).
 *
 * `generation` is the session generation the caller's decision was made under (login reads it
 * with the password hash). The tokens are issued under it, and the refresh token is stored only if
 * it is still current, so a sign-in that checked a password a reset has since replaced gets
 * 401 INVALID_CREDENTIALS — and had a reset slipped in after the check, its tokens would carry the
 * old generation and be refused anyway.
 */
export async function issueTokens(
  db: Db,
  userId: number,
  options: { organizationId?: number; generation?: number } = {},
): Promise<IssuedTokens> {
  const context = authContext(db);
  const state = await loadUserState(db, userId);
  if (!state) throw new Error(`issueTokens: user ${userId} does not exist`);
  const generation = options.generation ?? state.generation;
  if (generation !== state.generation) throw sessionsEndedMeanwhile();
  const membership = pickMembership(state, options.organizationId);
  const { pair, row } = await mint(context, await context.signingKey(), state, membership, null, generation);
  await db.transaction().execute(async (trx) => {
    if ((await findSessionGeneration(trx, userId)) !== generation) throw sessionsEndedMeanwhile();
    await insertRefreshToken(trx, row);
  });
  return { ...pair, organizationId: membership?.organizationId ?? null };
}

/**
 * `PUT /extend`: exchanges a refresh token for a new pair. Each token works once. Presenting a
 * used token again is theft (revokes the family), except within the reuse grace, where it is a
 * concurrent duplicate: 401, nothing issued, family kept. Of concurrent exchanges of one token,
 * exactly one wins the conditional UPDATE.
 */
export async function rotateRefreshToken(db: Db, presented: string): Promise<TTokenPair> {
  const context = authContext(db);
  if (!REFRESH_TOKEN_FORMAT.test(presented)) throw invalidToken();
  const row = await findRefreshToken(db, hashToken(presented));
  if (!row || row.revokedAt !== null) throw invalidToken();
  const now = context.now();
  if (row.usedAt !== null) {
    if (now - row.usedAt > REFRESH_REUSE_GRACE_MS) await revokeFamily(db, row.familyId, now);
    throw invalidToken();
  }
  if (now >= row.expiresAt || now >= row.createdAt + REFRESH_IDLE_MS) throw invalidToken();
  // The cached state (≤ 2 s old) is enough: revocations also mark the families in the database.
  const state = await context.users.get(row.userId);
  const generation = Number(row.generation);
  if (!state || state.disabled || generation !== state.generation) {
    await revokeFamily(db, row.familyId, now);
    throw invalidToken();
  }
  const membership = pickMembership(state, row.organizationId);
  const family = { id: row.familyId, expiresAt: row.expiresAt };
  // The successor keeps the family's generation: were the cached state a moment stale, the new
  // tokens still die with the family's generation.
  const next = await mint(context, await context.signingKey(), state, membership, family, generation);
  // Store the successor and claim the presented token in one transaction: if another exchange
  // claimed it first, the UPDATE matches nothing and the successor is rolled back.
  await db.transaction().execute(async (trx) => {
    const successorId = await insertRefreshToken(trx, next.row);
    if (!(await claimRefreshToken(trx, row.id, successorId, now))) throw invalidToken();
  });
  return next.pair;
}

/**
 * The database half of {@link revokeAllSessions}, for a transaction that must end the sessions
 * together with its own change (a password reset): the next session generation and every family
 * revoked. Call `revokeAllSessions` after the commit so caches and listeners hear of it.
 */
export async function endSessionsWithin(db: Db, userId: number, now: number): Promise<void> {
  await advanceSessionGeneration(db, userId, now);
  await revokeUserFamilies(db, userId, now);
}

/**
 * Ends every session of a user: the user's session generation moves on, so every access token,
 * refresh token and inbox session issued so far stops working (within the user-state cache time in
 * other processes, at once in this one), whatever the clocks say; all refresh-token families are
 * also marked revoked, and the listeners (live sockets) are told. For logout, password reset and
 * disabling a user.
 */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  const context = authContext(db);
  await endSessionsWithin(db, userId, context.now());
  context.users.invalidate(userId);
  context.sessionsEnded(userId);
}

/**
 * Ends one session of a user — the one the refresh token belongs to — and leaves their other
 * devices signed in. A token that is not the user's (or not a token) changes nothing. The
 * device's access token lapses at its expiry; the client drops it at once.
 */
export async function revokeDeviceSession(db: Db, userId: number, presented: string): Promise<void> {
  if (!REFRESH_TOKEN_FORMAT.test(presented)) return;
  const row = await findRefreshToken(db, hashToken(presented));
  if (!row || row.userId !== userId) return;
  await revokeFamily(db, row.familyId, authContext(db).now());
}
