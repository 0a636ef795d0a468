import type { CryptoKey } from 'jose';
import type { Db } from '../../db/database';
import type { AccessClaims } from './access-token';
import { ExpiringCache } from './expiring-cache';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './login-limiter';
import { MemoryRateStore, type RateStore } from './rate-store';
import { VERIFIED_TOKEN_CACHE_SIZE } from './session-policy';
import { importSigningKey, loadOrCreateDatabaseSecret, secretFromEnvironment } from './signing-secret';
import { UserStateCache } from './user-state';

export type AuthOptions = {
  /** `AUTH_SECRET` (≥ 32 bytes); unset: a random key generated once and kept in the database. */
  secret?: string;
  /** The clock (epoch ms); tests pass a controllable one. */
  now?: () => number;
  loginLimits?: Partial<LoginLimits>;
  rateStore?: RateStore;
};

/** The session machinery bound to one database: clock, signing key, caches, login limiter. */
export type AuthContext = {
  db: Db;
  now: () => number;
  signingKey(): Promise<CryptoKey>;
  verifiedTokens: ExpiringCache<string, AccessClaims>;
  users: UserStateCache;
  loginLimiter: LoginLimiter;
  /** Someone listens for a user's sessions ending (the inbox disconnects that user's sockets). */
  onSessionsEnded(listener: (userId: number) => void): void;
  /** Called by `revokeAllSessions` after the revocation is stored; tells every listener. */
  sessionsEnded(userId: number): void;
};

const contexts = new WeakMap<Db, AuthContext>();

/**
 * Sets up sessions for `db` (createApp does this once). Module functions such as `issueTokens(db,
 * …)` and `revokeAllSessions(db, …)` find the context through the database handle, so other
 * modules need nothing but `db` to sign users in or out.
 */
export function configureAuth(db: Db, options: AuthOptions = {}): AuthContext {
  const now = options.now ?? Date.now;
  const fixed = options.secret === undefined ? null : secretFromEnvironment(options.secret);
  let key: Promise<CryptoKey> | undefined;
  const listeners = new Set<(userId: number) => void>();
  const context: AuthContext = {
    db,
    now,
    signingKey() {
      key ??= (fixed ? Promise.resolve(fixed) : loadOrCreateDatabaseSecret(db, now()))
        .then(importSigningKey)
        .catch((error: unknown) => {
          key = undefined;
          throw error;
        });
      return key;
    },
    verifiedTokens: new ExpiringCache(VERIFIED_TOKEN_CACHE_SIZE),
    users: new UserStateCache(db, now),
    loginLimiter: new LoginLimiter(options.rateStore ?? new MemoryRateStore(), {
      ...DEFAULT_LOGIN_LIMITS,
      ...options.loginLimits,
    }),
    onSessionsEnded(listener) {
      listeners.add(listener);
    },
    sessionsEnded(userId) {
      for (const listener of listeners) listener(userId);
    },
  };
  contexts.set(db, context);
  return context;
}

/** The context of `db`, created with the defaults when nobody configured one. */
export function authContext(db: Db): AuthContext {
  return contexts.get(db) ?? configureAuth(db);
}
