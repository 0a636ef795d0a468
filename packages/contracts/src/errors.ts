import { z } from 'zod';

/**
 * Stable error codes. Clients branch on `code`, never on `message`.
 * Every 4xx/5xx answer of the API has the shape of {@link ZApiError}.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  WINDOW_TOO_LONG: 400,
  WEAK_PASSWORD: 400,
  INVALID_INVITATION: 400,
  /** An ingest item names a nozzle, dispenser, fill, customer… that is not the key's station's. */
  INVALID_REFERENCE: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_TOKEN: 401,
  /** Ingest: an unknown or revoked station API key. */
  INVALID_API_KEY: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** Notification platform: a feature turned off by NOTIFY_FEATURES on this deployment. */
  FEATURE_DISABLED: 404,
  CONFLICT: 409,
  ORGANIZATION_EXISTS: 409,
  /** Access request: the caller already sees the station (an admin, or a member with every station). */
  ALREADY_HAS_ACCESS: 409,
  /** Access request: the caller already has a pending request for the station. */
  REQUEST_PENDING: 409,
  /** Another station of the organisation has this code. */
  STATION_CODE_TAKEN: 409,
  /** Saved views: the caller already has a view of this name for this list. */
  VIEW_NAME_TAKEN: 409,
  /** Saved views and pins: the caller keeps as many as one user may. */
  LIMIT_REACHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** Ingest: more items in one batch than INGEST_MAX_ITEMS. */
  BATCH_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Notification trigger: no workflow has the trigger identifier (`name`). */
  WORKFLOW_NOT_FOUND: 422,
  RATE_LIMITED: 429,
  /** CSV export: the caller already runs as many exports as one user may at once. */
  TOO_MANY_EXPORTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Sign-in with Google/GitHub: the provider is not configured on this server. */
  OAUTH_PROVIDER_UNAVAILABLE: 404,
  /** Sign-in with Google/GitHub: the user refused consent, or the provider answered an error. */
  OAUTH_ACCESS_DENIED: 400,
  /** Sign-in with Google/GitHub: the answer does not belong to a sign-in this browser started. */
  OAUTH_STATE_MISMATCH: 400,
  /** Sign-in with Google/GitHub: the provider's answer could not be checked or exchanged. */
  OAUTH_FAILED: 400,
  /** Sign-in with Google/GitHub: the provider does not vouch for the account's email address. */
  OAUTH_EMAIL_UNVERIFIED: 403,
} as const;

export type TErrorCode = keyof typeof ERROR_CODES;
export const ZErrorCode = z.enum(Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]]);

export const ZApiError = z.object({
  statusCode: z.number().int(),
  code: ZErrorCode,
  message: z.string(),
  /** Field-level problems for VALIDATION_FAILED: path (dot separated) → message. */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
