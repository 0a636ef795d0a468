import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TTokenPair } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type SigningKey, signAccessToken } from './access-token';
import { type AuthContext, authContext } from './auth-context';
import { REFRESH_ABSOLUTE_MS, REFRESH_IDLE_MS, REFRESH_REUSE_GRACE_MS } from './session-policy';
import {
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  type NewRefreshToken,
  raiseCutoff,
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

/**
 * Tokens issued after a revocation must outlive its cut-off even within the same second (`iat`
 * has one-second resolution): their `iat` is moved just past it, at most one second ahead.
 */
const accessIssuedAt = (now: number, cutoff: number) =>
  Math.max(Math.floor(now / 1000), Math.floor(cutoff / 1000) + 1);

/** A new token pair and the refresh-token row to store for it (in `family`, or a new one). */
async function mint(
  context: AuthContext,
  key: SigningKey,
  state: UserState,
  membership: MembershipAccess | null,
  family: { id: string; expiresAt: number } | null,
): Promise<{ pair: TTokenPair; row: NewRefreshToken }> {
  const now = context.now();
  const refreshToken = randomBytes(32).toString('base64url');
  const createdAt = Math.max(now, state.tokensValidAfter + 1);
  const accessToken = await signAccessToken(key, {
    userId: state.userId,
    scope: membership?.scope ?? '',
    organizationId: membership?.organizationId ?? null,
    iat: accessIssuedAt(now, state.tokensValidAfter),
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
    },
  };
}

/**
 * Starts a new session (a new refresh-token family) for a user, in their first active
 * organisation or `organizationId` when they belong to it. For login, signup, organisation signup.
 * The caller has already decided the user may sign in (password, disabled state).
 */
export async function issueTokens(
  db: Db,
  userId: number,
  options: { organizationId?: number } = {},
): Promise<IssuedTokens> {
  const context = authContext(db);
  const state = await loadUserState(db, userId);
  if (!state) throw new Error(`issueTokens: user ${userId} does not exist`);
  const membership = pickMembership(state, options.organizationId);
  const { pair, row } = await mint(context, await context.signingKey(), state, membership, null);
  await insertRefreshToken(db, row);
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
  if (!state || state.disabled || row.createdAt <= state.tokensValidAfter) {
    await revokeFamily(db, row.familyId, now);
    throw invalidToken();
  }
  const membership = pickMembership(state, row.organizationId);
  const family = { id: row.familyId, expiresAt: row.expiresAt };
  const next = await mint(context, await context.signingKey(), state, membership, family);
  // Store the successor and claim the presented token in one transaction: if another exchange
  // claimed it first, the UPDATE matches nothing and the successor is rolled back.
  await db.transaction().execute(async (trx) => {
    const successorId = await insertRefreshToken(trx, next.row);
    if (!(await claimRefreshToken(trx, row.id, successorId, now))) throw invalidToken();
  });
  return next.pair;
}

/**
 * Ends every session of a user: all refresh-token families are revoked and every access token
 * issued so far stops working (within the user-state cache time in other processes, at once in
 * this one). For logout, password reset and disabling a user.
 */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  const context = authContext(db);
  const now = context.now();
  await raiseCutoff(db, userId, now);
  await revokeUserFamilies(db, userId, now);
  context.users.invalidate(userId);
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
