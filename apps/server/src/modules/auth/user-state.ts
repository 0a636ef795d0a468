import { compactScope, expandScope, ROLE_SCOPES, type TGrant, type TRole, ZRole } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { ExpiringCache } from './expiring-cache';
import { USER_STATE_TTL_MS } from './session-policy';
import { findActiveMemberships, findMembershipStationIds, findUserAccess } from './sessions.repository';

/** What a membership lets its user do in one organisation. */
export type MembershipAccess = {
  organizationId: number;
  role: TRole;
  grants: ReadonlySet<TGrant>;
  /** The compact scope string of `grants`, as put in the access token. */
  scope: string;
  stationIds: readonly number[] | 'all';
};

/** Everything a request's authorisation needs to know about its user beyond the token. */
export type UserState = {
  userId: number;
  disabled: boolean;
  /** The session generation: tokens issued under another one are revoked. */
  generation: number;
  /** Active memberships, oldest first. */
  memberships: readonly MembershipAccess[];
};

/** Reads a user's state from the database; null when the user does not exist. */
export async function loadUserState(db: Db, userId: number): Promise<UserState | null> {
  const user = await findUserAccess(db, userId);
  if (!user) return null;
  const memberships: MembershipAccess[] = [];
  for (const row of await findActiveMemberships(db, userId)) {
    const role = ZRole.safeParse(row.role);
    if (!role.success) continue;
    const grants = expandScope(row.scope ?? ROLE_SCOPES[role.data]);
    const stationIds = row.allStations ? 'all' : await findMembershipStationIds(db, row.id);
    memberships.push({
      organizationId: row.organizationId,
      role: role.data,
      grants,
      scope: compactScope(grants),
      stationIds,
    });
  }
  return {
    userId: user.id,
    disabled: user.disabledAt !== null,
    generation: Number(user.generation ?? 0),
    memberships,
  };
}

/**
 * Per-process copies of user states, each trusted for {@link USER_STATE_TTL_MS}, so a request
 * costs no query while a revocation, a disabled account or a changed membership still takes effect
 * everywhere within that time (at once in the process that made the change, see `invalidate`).
 * Concurrent misses for one user share one load; a load that raced an invalidation is not kept.
 */
export class UserStateCache {
  readonly #db: Db;
  readonly #now: () => number;
  readonly #states = new ExpiringCache<number, UserState | null>(50_000);
  readonly #loading = new Map<number, Promise<UserState | null>>();
  readonly #generations = new Map<number, number>();

  constructor(db: Db, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  /** The cached state without waiting: undefined when it must be loaded (then call `get`). */
  peek(userId: number): UserState | null | undefined {
    return this.#states.get(userId, this.#now());
  }

  get(userId: number): Promise<UserState | null> {
    const cached = this.#states.get(userId, this.#now());
    if (cached !== undefined) return Promise.resolve(cached);
    const inFlight = this.#loading.get(userId);
    if (inFlight) return inFlight;
    const generation = this.#generations.get(userId) ?? 0;
    const load = loadUserState(this.#db, userId).finally(() => {
      if (this.#loading.get(userId) === load) this.#loading.delete(userId);
    });
    this.#loading.set(userId, load);
    return load.then((state) => {
      if ((this.#generations.get(userId) ?? 0) === generation) {
        this.#states.set(userId, state, this.#now() + USER_STATE_TTL_MS);
      }
      return state;
    });
  }

  /** Forgets a user's state after a change, so this process sees it on the next request. */
  invalidate(userId: number): void {
    this.#generations.set(userId, (this.#generations.get(userId) ?? 0) + 1);
    this.#states.delete(userId);
    this.#loading.delete(userId);
  }
}
