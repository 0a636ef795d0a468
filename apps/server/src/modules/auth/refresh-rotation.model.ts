import {
  ACCESS_TOKEN_TTL_S,
  CLOCK_TOLERANCE_S,
  REFRESH_ABSOLUTE_MS,
  REFRESH_IDLE_MS,
  REFRESH_REUSE_GRACE_MS,
} from './session-policy';

/**
 * The reference model of sessions for the property test (refresh-rotation.model.test.ts): what the
 * server should answer, written as plainly as possible, without the server's code.
 */
export type ModelToken = { createdAt: number; usedAt: number | null };
export type ModelFamily = {
  tokens: Map<string, ModelToken>;
  current: string;
  expiresAt: number;
  revoked: boolean;
};
export type Model = {
  now: number;
  disabled: boolean;
  /** How many times all sessions were revoked. */
  generation: number;
  families: ModelFamily[];
  access: { token: string; iat: number; generation: number } | null;
};

export const newModel = (now: number): Model => ({
  now,
  disabled: false,
  generation: 0,
  families: [],
  access: null,
});

/** `iat` (seconds) of an access token issued now. */
export const accessIat = (m: Model) => Math.floor(m.now / 1000);
const refreshCreatedAt = (m: Model) => m.now;

export function accessWorks(m: Model): boolean {
  if (!m.access || m.disabled) return false;
  if (m.access.generation !== m.generation) return false;
  return Math.floor(m.now / 1000) < m.access.iat + ACCESS_TOKEN_TTL_S + CLOCK_TOLERANCE_S;
}

export function addFamily(m: Model, refreshToken: string, accessToken: string): void {
  const createdAt = refreshCreatedAt(m);
  m.families.push({
    tokens: new Map([[refreshToken, { createdAt, usedAt: null }]]),
    current: refreshToken,
    expiresAt: createdAt + REFRESH_ABSOLUTE_MS,
    revoked: false,
  });
  m.access = { token: accessToken, iat: accessIat(m), generation: m.generation };
}

/** Whether presenting the family's current token now succeeds; applies the side effects of a failure. */
export function currentWorks(m: Model, family: ModelFamily): boolean {
  if (family.revoked) return false;
  const token = family.tokens.get(family.current)!;
  if (m.now >= family.expiresAt || m.now >= token.createdAt + REFRESH_IDLE_MS) return false;
  if (m.disabled) {
    family.revoked = true;
    return false;
  }
  return true;
}

/** Records a successful exchange of the family's current token for `next`. */
export function rotate(m: Model, family: ModelFamily, next: { refresh: string; access: string }): void {
  family.tokens.get(family.current)!.usedAt = m.now;
  family.tokens.set(next.refresh, { createdAt: refreshCreatedAt(m), usedAt: null });
  family.current = next.refresh;
  m.access = { token: next.access, iat: accessIat(m), generation: m.generation };
}

/** Presenting an already exchanged token: always refused; theft (outside the grace) kills the family. */
export function presentStale(m: Model, family: ModelFamily, token: string): void {
  const usedAt = family.tokens.get(token)!.usedAt!;
  if (!family.revoked && m.now - usedAt > REFRESH_REUSE_GRACE_MS) family.revoked = true;
}

export function revokeAll(m: Model): void {
  m.generation += 1;
  for (const family of m.families) family.revoked = true;
}
