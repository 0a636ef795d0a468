import type { FastifyReply } from 'fastify';
import type { SessionCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { authenticate } from '../auth/access-control';
import type { AuthContext } from '../auth/auth-context';
import type { UserState } from '../auth/user-state';

/**
 * Who a socket is. The handshake's token goes through exactly the check HTTP requests get
 * (`authenticate` in access-control.ts: signature and shape, expiry, the user's cut-off, disabled
 * flag and membership); `authenticate` only uses the reply to set a `www-authenticate` header,
 * which a socket has nowhere to put.
 */
/** Live station data is station data: the grant the station pages need. */
export const LIVE_GRANT = 'stations:r' as const;

const NO_REPLY = { header: () => NO_REPLY } as unknown as FastifyReply;

export type SocketIdentity = {
  userId: number;
  organizationId: number;
  /** The token's session generation: a later sign-out (a newer generation) ends the socket too. */
  generation: number;
  stationIds: readonly number[] | 'all';
};

/** The socket's identity, or the AppError HTTP would have answered (401 / 403). */
export async function identifySocket(context: AuthContext, token: unknown): Promise<SocketIdentity> {
  if (typeof token !== 'string' || token.length === 0) {
    throw new AppError('UNAUTHENTICATED', 'Send the access token as auth.token');
  }
  const caller: SessionCaller = await authenticate(context, `Bearer ${token}`, NO_REPLY);
  if (caller.organizationId === null) throw new AppError('FORBIDDEN', 'Create or join an organisation first');
  if (!caller.grants.has(LIVE_GRANT)) {
    throw new AppError('FORBIDDEN', `Your role does not allow this (it needs the ${LIVE_GRANT} permission)`);
  }
  // authenticate() has just verified the token, so its claims are in the verified-token cache.
  const claims = context.verifiedTokens.get(token, context.now());
  if (!claims) throw new AppError('INVALID_TOKEN', 'The access token is invalid or has expired');
  return {
    userId: caller.userId,
    organizationId: caller.organizationId,
    generation: claims.generation,
    stationIds: caller.stationIds,
  };
}

/**
 * A connected socket's standing now, from its user's (briefly cached) state: the same rules as
 * `authenticate` minus the token's expiry, which only matters at the handshake (a socket outlives
 * its token; it reconnects with a fresh one). Null when the session ended: user gone or disabled,
 * signed out after the token was issued, or no longer an active member of the organisation.
 */
export function currentStations(
  identity: SocketIdentity,
  state: UserState | null,
): readonly number[] | 'all' | null {
  if (!state || state.disabled || identity.generation !== state.generation) return null;
  const membership = state.memberships.find((m) => m.organizationId === identity.organizationId);
  return membership?.grants.has(LIVE_GRANT) ? membership.stationIds : null;
}
