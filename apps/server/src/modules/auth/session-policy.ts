/**
 * The numbers of the session design (docs/DECISIONS.md, "Sessions"). Times are milliseconds
 * unless the name says seconds.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const TOKEN_ISSUER = 'forecourt';
export const TOKEN_AUDIENCE = 'forecourt-api';
/** RFC 9068 media type of an access token, in the JWT header `typ`. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Allowed clock skew between processes when checking `exp` and `iat`. */
export const CLOCK_TOLERANCE_S = 5;
/** Longest string we even try to parse as an access token (ours are well under 1 KiB). */
export const ACCESS_TOKEN_MAX_LENGTH = 2048;

export const REFRESH_ABSOLUTE_MS = 30 * DAY;
export const REFRESH_IDLE_MS = 7 * DAY;
/**
 * A refresh token presented again within this long after it was exchanged answers 401 but does
 * not revoke its family: that is two tabs racing, not theft. It never yields new tokens.
 */
export const REFRESH_REUSE_GRACE_MS = 2_000;

/** How long a process trusts its cached copy of a user's revocation cut-off, status and membership. */
export const USER_STATE_TTL_MS = 2_000;
/** Verified access tokens kept in memory, each until its `exp`. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export const TIME = { MINUTE, DAY } as const;
