import { z } from 'zod';
import { ZRole } from './enums';

/**
 * Payloads of the auth service (`/api/auth`; docs/PRODUCT.md, "Sign-in and sessions"). Field names
 * on the wire are exactly these: `access_token`, `refresh_token`, `redirect_url`, `signupToken`.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Response header set on login when the user belongs to no organisation yet. */
export const ORG_MISSING_HEADER = 'x-organization-missing';
export const ORG_SIGNUP_PATH = '/signup/organization';

export const ZEmail = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const ZPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const ZLoginRequest = z.object({ email: ZEmail, password: z.string().min(1).max(PASSWORD_MAX) });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZLoginResponse = ZTokenPair.extend({ redirect_url: z.string().optional() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZExtendRequest = z.object({ refresh_token: z.string().min(1).max(512) });

/** Which sessions sign-out ends. */
export const LOGOUT_SCOPES = ['all', 'device'] as const;
export type TLogoutScope = (typeof LOGOUT_SCOPES)[number];

/**
 * Body of `PUT /api/auth/logout`, optional: no body (or `scope: 'all'`) ends every session of the
 * user; `scope: 'device'` ends only the session of the given refresh token.
 */
export const ZLogoutRequest = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('all') }),
  z.object({ scope: z.literal('device'), refresh_token: z.string().min(1).max(512) }),
]);
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

export const ZSignupRequest = z.object({
  /** An invitation issued by an organisation admin; absent for self-service signup. */
  signupToken: z.string().min(1).max(512).optional(),
  email: ZEmail,
  password: ZPassword,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZOrganizationSignupRequest = z.object({
  name: z.string().trim().min(2).max(120),
  kind: z.enum(['dealer_group', 'omc_region', 'fleet_operator']),
});
export type TOrganizationSignupRequest = z.infer<typeof ZOrganizationSignupRequest>;

export const ZPasswordResetRequest = z.object({ email: ZEmail });
export const ZPasswordResetConfirm = z.object({ password: ZPassword });

/** The decoded access-token payload the web reads without verifying. */
export const ZAccessTokenPayload = z.object({
  sub: z.string(),
  scope: z.string(),
  exp: z.number(),
  org: z.number().optional(),
});
export type TAccessTokenPayload = z.infer<typeof ZAccessTokenPayload>;

/** `GET /api/auth/me`: who is signed in, for the profile menu. */
export const ZMe = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  organization: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  role: ZRole.nullable(),
  scope: z.string(),
  stationIds: z.union([z.literal('all'), z.array(z.number().int())]),
});
export type TMe = z.infer<typeof ZMe>;

/** The sign-in providers of the platform (besides email and password). */
export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export const ZOAuthProvider = z.enum(OAUTH_PROVIDERS);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;

/** `GET /api/auth/providers`: the providers configured on this server (the sign-in page shows their buttons). */
export const ZAuthProviders = z.object({ providers: z.array(ZOAuthProvider) });
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

/** The web app's callback page posts the query string the provider redirected it with. */
export const ZOAuthCallbackRequest = z.object({ query: z.string().max(4096) });
export type TOAuthCallbackRequest = z.infer<typeof ZOAuthCallbackRequest>;
