import { ROLE_SCOPES, type TMe, type TRole } from '@forecourt/contracts';
import { jsonResponse, type TFetchHandler } from './fetch-stub';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token with this payload (the browser never checks the signature). */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'at+jwt' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
let issued = 0;

export const USERS = {
  admin: { sub: '1', org: 1, scope: ROLE_SCOPES.admin },
  member: { sub: '2', org: 1, scope: ROLE_SCOPES.member },
} as const;

/** An access token for a demo user, valid for `lifetime` seconds (negative: already expired). */
export function accessToken(
  role: TRole = 'admin',
  lifetime = 900,
  extra: Record<string, unknown> = {},
): string {
  issued += 1;
  return makeToken({
    ...USERS[role],
    exp: nowSeconds() + lifetime,
    iat: nowSeconds(),
    jti: `t${issued}`,
    ...extra,
  });
}

/** Stores credentials as sign-in does; returns them. */
export function signIn(
  role: TRole = 'admin',
  options: { lifetime?: number; refreshToken?: string; redirectUrl?: string } = {},
) {
  const credentials = {
    access_token: accessToken(role, options.lifetime ?? 900),
    refresh_token: options.refreshToken ?? `refresh-${role}`,
    ...(options.redirectUrl ? { redirect_url: options.redirectUrl } : {}),
  };
  window.localStorage.setItem('credentials', JSON.stringify(credentials));
  return credentials;
}

export function storedCredentials(): { access_token: string; refresh_token: string } | null {
  const raw = window.localStorage.getItem('credentials');
  return raw ? JSON.parse(raw) : null;
}

export const ME: Record<TRole, TMe> = {
  admin: {
    id: 1,
    email: 'admin@forecourt.demo',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    emailVerified: true,
    organization: { id: 1, slug: 'sahyog-fuels', name: 'Sahyog Fuels' },
    role: 'admin',
    scope: ROLE_SCOPES.admin,
    stationIds: 'all',
  },
  member: {
    id: 2,
    email: 'member@forecourt.demo',
    firstName: 'Ravi',
    lastName: 'Menon',
    emailVerified: true,
    organization: { id: 1, slug: 'sahyog-fuels', name: 'Sahyog Fuels' },
    role: 'member',
    scope: ROLE_SCOPES.member,
    stationIds: [1, 2],
  },
};

/** Answers GET /api/auth/me with `me`, everything else with `handler`. */
export function withMe(handler: TFetchHandler, me: TMe = ME.admin): TFetchHandler {
  return (request) => (request.url.pathname === '/api/auth/me' ? jsonResponse(me) : handler(request));
}
