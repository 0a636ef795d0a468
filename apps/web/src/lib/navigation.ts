import { encodeQuery } from './query-string';

/**
 * Lets code outside React (the HTTP client) move the app to another page. The router binds its
 * history at start-up; without one (a plain script) the browser loads the page.
 */
export type TNavigationHistory = {
  push: (href: string) => void;
  location: { href: string };
};

let history: TNavigationHistory | null = null;

export function bindNavigation(target: TNavigationHistory | null): void {
  history = target;
}

/** path + search + hash of the page the user is on. */
export function currentAddress(): string {
  if (history) return history.location.href;
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function navigateTo(href: string): void {
  if (history) history.push(href);
  else window.location.assign(href);
}

/** Pages anyone can open; a session ending on one of them does not send the user back to it. */
export const PUBLIC_PATHS = [
  '/login',
  '/signup',
  '/signup/organization',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
] as const;

export function isPublicPath(href: string): boolean {
  const pathname = href.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/** `/login`, `/login?logout=true` or `/login?redirect_url=<address>`. */
export function loginHref(options: { redirectUrl?: string | null; logout?: boolean } = {}): string {
  const query = encodeQuery({
    redirect_url: options.redirectUrl && !isPublicPath(options.redirectUrl) ? options.redirectUrl : undefined,
    logout: options.logout ? 'true' : undefined,
  });
  return query ? `/login?${query}` : '/login';
}
