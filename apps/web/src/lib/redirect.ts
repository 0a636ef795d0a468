import { getSession } from './credentials';
import { readStoredString, STORAGE_KEYS } from './storage';

/**
 * Where the app opens when nothing else asks for a page: `/` sends each user on to their home
 * page (their choice, else their role's; docs/PRODUCT.md, "Saved views, pins and home pages").
 */
export const HOME_PATH = '/';

/** Pages that make no sense to return to after signing in. */
const NOT_A_DESTINATION = /^\/(login|logout)(\/|$|\?|#)/;

/** Tabs, newlines and other control characters (browsers strip some of them from URLs). */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * A post-sign-in destination, only if it is a path of this site: `/stations?q=pune` passes;
 * `https://evil.example`, `//evil.example`, `/\evil.example`, `javascript:…` and anything with
 * control characters do not. Returns the normalised path + search + hash, or null.
 */
export function sanitizeRedirect(value: unknown, origin = currentOrigin()): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NOT_A_DESTINATION.test(path) ? null : path;
}

/** After sign-in: the `redirect_url` asked for, else the stored `default_redirect`, else the home page. */
export function postLoginDestination(redirectUrl?: unknown): string {
  return (
    sanitizeRedirect(redirectUrl) ??
    sanitizeRedirect(readStoredString(STORAGE_KEYS.defaultRedirect)) ??
    HOME_PATH
  );
}

/**
 * Where a signed-in user belongs: the page the login answer asked for (organisation signup for a
 * user without one), else {@link postLoginDestination}.
 */
export function signedInDestination(redirectUrl?: unknown): string {
  return sanitizeRedirect(getSession()?.credentials.redirect_url) ?? postLoginDestination(redirectUrl);
}
