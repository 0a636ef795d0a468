import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { authContext } from '../auth/auth-context';
import type { UserState } from '../auth/user-state';
import type { NotifyKeys } from '../notify/secrets';
import { findSessionSubscriber, isOrganizationUser } from './widget-session.repository';
import type { WidgetIdentity } from './widget-session-cache';
import { verifyWidgetToken } from './widget-token';

/**
 * When an inbox session ends (docs/DECISIONS.md, "Hardening"):
 * - every session carries the version of its environment's secret key (`kv`, a digest of the key's
 *   hash): rotating the key ends the sessions made under the old one;
 * - a session of a dashboard user (subscriber id = the user's id, in an organisation the user
 *   belongs to) carries the user's session generation (`ugen`): it ends with the account's
 *   sessions (logout, password reset, disabling) and while the membership is not active.
 */

/** The environment key version a session is bound to (not the key, not its lookup hash). */
export const keyVersion = (secretKeyHash: string) =>
  createHash('sha256').update(`inbox-session|${secretKeyHash}`).digest('base64url').slice(0, 16);

const DASHBOARD_USER_ID = /^[1-9][0-9]{0,14}$/;

/** The dashboard user an organisation's subscriber id stands for, when it is one. */
export async function dashboardUserOf(
  db: Db,
  organizationId: number,
  subscriberId: string,
): Promise<number | null> {
  if (!DASHBOARD_USER_ID.test(subscriberId)) return null;
  const userId = Number(subscriberId);
  return (await isOrganizationUser(db, organizationId, userId)) ? userId : null;
}

/** Whether the user may use an inbox of the organisation now (not disabled, an active member). */
export const inboxAllowed = (state: UserState | null, organizationId: number) =>
  state !== null && !state.disabled && state.memberships.some((m) => m.organizationId === organizationId);

/**
 * The session generation a new inbox session of `subscriber` is bound to: undefined for a
 * subscriber that is no dashboard user, null for a user who may not open one (disabled, no active
 * membership).
 */
export async function sessionGenerationFor(
  db: Db,
  subscriber: { organizationId: number; subscriberId: string },
): Promise<number | null | undefined> {
  const userId = await dashboardUserOf(db, subscriber.organizationId, subscriber.subscriberId);
  if (userId === null) return undefined;
  const state = await authContext(db).users.get(userId);
  return inboxAllowed(state, subscriber.organizationId) ? (state?.generation ?? null) : null;
}

/** A checked session: its subscriber and the dashboard user it belongs to (if any). */
export type CheckedWidgetSession = { identity: WidgetIdentity; userId: number | null; exp: number };

/**
 * Verifies an inbox session token now: signature and expiry, the subscriber still exists in its
 * environment, the environment's key is the one the session was made with, and for a dashboard
 * user's session the account's sessions have not ended since. Null for anything else.
 */
export async function checkWidgetSession(
  deps: { db: Db; now: () => number; keys: NotifyKeys },
  token: string,
): Promise<CheckedWidgetSession | null> {
  const claims = await verifyWidgetToken(await deps.keys.widgetSigningKey(), token, deps.now());
  if (!claims) return null;
  const row = await findSessionSubscriber(deps.db, claims.subscriberRowId);
  if (
    !row ||
    row.environmentId !== claims.environmentId ||
    row.subscriberId !== claims.subscriberId ||
    keyVersion(row.secretKeyHash) !== claims.keyVersion
  ) {
    return null;
  }
  const identity: WidgetIdentity = {
    id: row.id,
    environmentId: row.environmentId,
    organizationId: row.organizationId,
    subscriberId: row.subscriberId,
  };
  const userId = await dashboardUserOf(deps.db, row.organizationId, row.subscriberId);
  if (userId !== null) {
    const state = await authContext(deps.db).users.get(userId);
    if (claims.userGeneration === undefined || !inboxAllowed(state, row.organizationId)) return null;
    if (state?.generation !== claims.userGeneration) return null;
  }
  return { identity, userId, exp: claims.exp };
}
