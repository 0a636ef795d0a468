import {
  ORG_MISSING_HEADER,
  ORG_SIGNUP_PATH,
  type TAuthProviders,
  type TLoginRequest,
  type TLoginResponse,
  type TMe,
  type TOAuthProvider,
  type TOrganizationSignupRequest,
  type TSignupRequest,
  type TTokenPair,
  ZAuthProviders,
  ZLoginResponse,
  ZMe,
  ZTokenPair,
} from '@forecourt/contracts';
import { http, requestWithMeta } from '../../lib/http';

/**
 * POST /api/auth/login. A user without an organisation is sent to organisation signup: the server
 * says so with the org-missing header, and the answer's `redirect_url` is set from it.
 */
export async function login(credentials: TLoginRequest): Promise<TLoginResponse> {
  const { data, meta } = await requestWithMeta('/api/auth/login', {
    method: 'POST',
    body: credentials,
    auth: 'none',
    schema: ZLoginResponse,
  });
  const orgMissing = meta.headers.get(ORG_MISSING_HEADER)?.toLowerCase() === 'true';
  return orgMissing ? { ...data, redirect_url: ORG_SIGNUP_PATH } : data;
}

/**
 * POST /api/auth/signup. With an invitation (`signupToken`) the account is ready at once and the
 * answer holds tokens; without one a verification mail goes out (the answer is the same whether
 * or not the email was taken).
 */
export async function signup(
  request: TSignupRequest,
): Promise<{ kind: 'signed-in'; tokens: TTokenPair } | { kind: 'verification-sent' }> {
  const body = await http.post<unknown>('/api/auth/signup', { body: request, auth: 'none' });
  const tokens = ZTokenPair.safeParse(body);
  return tokens.success ? { kind: 'signed-in', tokens: tokens.data } : { kind: 'verification-sent' };
}

/** POST /api/auth/signup/organization (bearer: a user without organisation): the user becomes its admin. */
export function signupOrganization(request: TOrganizationSignupRequest): Promise<TTokenPair> {
  return http.post('/api/auth/signup/organization', { body: request, schema: ZTokenPair });
}

/** POST /api/auth/email/verify with the mail's token as the bearer. */
export function verifyEmail(token: string): Promise<unknown> {
  return http.post('/api/auth/email/verify', { auth: { bearer: token } });
}

/** POST /api/auth/email/retry-verification: a new link; older ones stop working. */
export function retryVerification(): Promise<unknown> {
  return http.post('/api/auth/email/retry-verification');
}

/** PUT /api/auth/password/reset: always answers the same, whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return http.put('/api/auth/password/reset', { body: { email }, auth: 'none' });
}

/** POST /api/auth/password/reset with the mail's token as the bearer. */
export function resetPassword(token: string, password: string): Promise<unknown> {
  return http.post('/api/auth/password/reset', { body: { password }, auth: { bearer: token } });
}

/** GET /api/auth/me: name, email, organisation, role for the profile menu. */
export function fetchMe(signal?: AbortSignal): Promise<TMe> {
  return http.get('/api/auth/me', { signal, schema: ZMe });
}

/** GET /api/auth/providers: the sign-in providers this server is configured for. */
export function fetchAuthProviders(signal?: AbortSignal): Promise<TAuthProviders> {
  return http.get('/api/auth/providers', { signal, auth: 'none', schema: ZAuthProviders });
}

/** Where the browser goes to sign in with a provider (the server answers 302 to the provider). */
export function providerStartUrl(provider: TOAuthProvider, redirectUrl?: string): string {
  const query = redirectUrl ? `?${new URLSearchParams({ redirect_url: redirectUrl })}` : '';
  return `/api/auth/oauth/${provider}/start${query}`;
}

/**
 * POST /api/auth/oauth/:provider/callback with the query string the provider sent the browser
 * back with (the flow cookie goes along). Answers like a login, org-missing header included.
 */
export async function finishProviderSignIn(provider: TOAuthProvider, query: string): Promise<TLoginResponse> {
  const { data, meta } = await requestWithMeta(`/api/auth/oauth/${provider}/callback`, {
    method: 'POST',
    body: { query },
    auth: 'none',
    schema: ZLoginResponse,
  });
  const orgMissing = meta.headers.get(ORG_MISSING_HEADER)?.toLowerCase() === 'true';
  return orgMissing ? { ...data, redirect_url: ORG_SIGNUP_PATH } : data;
}
