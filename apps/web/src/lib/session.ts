import type { TLogoutScope } from '@forecourt/contracts';
import { clearCredentials, getSession, readCredentials } from './credentials';
import { renewSession, request } from './http';
import { loginHref, navigateTo } from './navigation';
import { readStoredString, STORAGE_KEYS } from './storage';
import { isPayloadLive } from './token';

/**
 * - `active`: a live access token (possibly just renewed), or an expired one that could not be
 *   renewed only because the server is unreachable (the pages then say so);
 * - `signed-out`: nothing usable is stored;
 * - `expired`: there was a session and the server refused to renew it.
 */
export type TSessionCheck = 'active' | 'signed-out' | 'expired';

/**
 * What the app shell's guard asks before showing a page: is there a session, and if the access
 * token has expired, can it be renewed silently?
 */
export async function ensureSession(now = Date.now()): Promise<TSessionCheck> {
  const session = getSession();
  if (!session) {
    // Unparsable leftovers count as empty; tidy them away.
    if (readStoredString(STORAGE_KEYS.credentials) !== null) clearCredentials();
    return 'signed-out';
  }
  if (isPayloadLive(session.payload, now)) return 'active';
  const outcome = await renewSession(session.credentials.access_token);
  switch (outcome.kind) {
    case 'renewed':
    case 'unavailable':
      return 'active';
    case 'rejected':
      return 'expired';
    case 'absent':
      return 'signed-out';
  }
}

/** How long sign-out waits for the server before leaving anyway. */
const LOGOUT_TIMEOUT_MS = 5000;

/**
 * PUT /api/auth/logout, then — whether or not that worked — clear the credentials and go to
 * /login?logout=true. `all` (the default) ends the user's sessions on every device; `device` ends
 * only this browser's session (identified by its refresh token), leaving other devices signed in.
 */
export async function signOut(scope: TLogoutScope = 'all'): Promise<void> {
  try {
    const credentials = readCredentials();
    if (credentials) {
      await request('/api/auth/logout', {
        method: 'PUT',
        body: scope === 'device' ? { scope, refresh_token: credentials.refresh_token } : undefined,
        onSessionEnd: 'throw',
        signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
      });
    }
  } catch {
    // Signed out locally all the same; the server's refresh tokens expire on their own.
  } finally {
    clearCredentials();
    navigateTo(loginHref({ logout: true }));
  }
}
