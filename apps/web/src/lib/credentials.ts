import { expandScope, type TAccessTokenPayload, type TGrant } from '@forecourt/contracts';
import { z } from 'zod';
import { onStoredChange, readStoredString, removeStored, STORAGE_KEYS, writeStoredJson } from './storage';
import { decodeAccessToken, isPayloadLive } from './token';

/**
 * What sign-in stores under `credentials`: the token pair, plus the `redirect_url` the
 * login answer may carry (the organisation-signup page for a user without an organisation).
 * Anything that fails to parse counts as signed out.
 */
const ZStoredCredentials = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  redirect_url: z.string().max(2000).optional(),
});
export type TStoredCredentials = z.infer<typeof ZStoredCredentials>;

function parseCredentials(raw: string | null): TStoredCredentials | null {
  if (raw === null) return null;
  try {
    const parsed = ZStoredCredentials.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Read afresh on every call: another tab (or a refresh) may have replaced them. */
export function readCredentials(): TStoredCredentials | null {
  return parseCredentials(readStoredString(STORAGE_KEYS.credentials));
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function saveCredentials(credentials: TStoredCredentials): void {
  const { access_token, refresh_token, redirect_url } = credentials;
  writeStoredJson(
    STORAGE_KEYS.credentials,
    redirect_url ? { access_token, refresh_token, redirect_url } : { access_token, refresh_token },
  );
  notify();
}

/** Signs this browser out locally: the stored credentials go. */
export function clearCredentials(): void {
  removeStored(STORAGE_KEYS.credentials);
  notify();
}

/** The signed-in user as far as the browser can tell, derived from the stored credentials. */
export type TSession = {
  credentials: TStoredCredentials;
  /** The access token's payload, or null when it does not decode. */
  payload: TAccessTokenPayload | null;
  grants: ReadonlySet<TGrant>;
};

const NO_GRANTS: ReadonlySet<TGrant> = new Set();
let cachedRaw: string | null = null;
let cachedSession: TSession | null = null;

/**
 * The session for the stored credentials, recomputed only when they change (so a bad token is
 * reported once, and React sees a stable value).
 */
export function getSession(): TSession | null {
  const raw = readStoredString(STORAGE_KEYS.credentials);
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  const credentials = parseCredentials(raw);
  if (!credentials) {
    cachedSession = null;
  } else {
    const payload = decodeAccessToken(credentials.access_token);
    cachedSession = { credentials, payload, grants: payload ? expandScope(payload.scope) : NO_GRANTS };
  }
  return cachedSession;
}

/** Signed in when there is an access token and its expiry is in the future. */
export function isLoggedIn(now = Date.now()): boolean {
  const session = getSession();
  return session !== null && isPayloadLive(session.payload, now);
}

/**
 * Calls `listener` whenever the credentials change, in this tab or another one. Returns the
 * unsubscribe function (the `subscribe` of `useSyncExternalStore`).
 */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const stopWatching = onStoredChange(STORAGE_KEYS.credentials, listener);
  return () => {
    listeners.delete(listener);
    stopWatching();
  };
}
