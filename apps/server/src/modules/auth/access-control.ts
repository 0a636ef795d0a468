import { expandScope, type TGrant } from '@forecourt/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { type AccessClaims, verifyAccessToken } from './access-token';
import type { AuthContext } from './auth-context';
import type { UserState } from './user-state';

/** Routes of plugins we do not write ourselves (the API docs page) that are public by nature. */
const PUBLIC_PREFIXES = ['/api/docs'];
const NO_GRANTS: ReadonlySet<TGrant> = new Set();

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), else undefined. */
function bearerToken(header: string | undefined): string | undefined {
  if (!header || header.length < 8) return undefined;
  const scheme = header.slice(0, 7);
  if (scheme !== 'Bearer ' && scheme.toLowerCase() !== 'bearer ') return undefined;
  return header.slice(7).trim() || undefined;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');
const isV1Path = (url: string) => url === '/v1' || url.startsWith('/v1/');

/**
 * The notification platform's `/v1` routes (Novu-compatible wire API) authenticate with their own
 * schemes: `'api-key'` (`Authorization: ApiKey <environment secret>`), `'widget'` (the inbox
 * session's bearer JWT) or `'public'`. Each `/v1` route declares one in `config.v1`; the module that
 * owns a scheme provides its authenticator before registering routes that use it.
 */
export type V1Access = 'api-key' | 'widget' | 'public';
export type V1Authenticator = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `/v1` routes only: which scheme authenticates the request. */
    v1?: V1Access;
  }
}

/** What other modules may add to access control: authenticators for the `/v1` schemes. */
export type AccessControl = {
  provideV1Authenticator(access: Exclude<V1Access, 'public'>, authenticate: V1Authenticator): void;
};

function deny(reply: FastifyReply, error: AppError, challenge: string): never {
  reply.header('www-authenticate', challenge);
  throw error;
}

/**
 * The caller a verified token stands for; null when its user is gone, disabled or signed out since
 * (the token's session generation is no longer the user's).
 */
function callerFor(claims: AccessClaims, state: UserState | null): SessionCaller | null {
  if (!state || state.disabled || claims.generation !== state.generation) return null;
  const organizationId = claims.organizationId;
  const membership =
    organizationId === null ? undefined : state.memberships.find((m) => m.organizationId === organizationId);
  return {
    userId: state.userId,
    organizationId: membership?.organizationId ?? null,
    role: membership?.role ?? null,
    stationIds: membership?.stationIds ?? [],
    grants: membership?.grants ?? NO_GRANTS,
  };
}

/**
 * The common case without waiting: the token was verified before and its user's state is cached.
 * Undefined when either must be (re)loaded or the answer is a refusal; `authenticate` decides then.
 */
export function authenticateFromCache(
  context: AuthContext,
  authorization: string | undefined,
): SessionCaller | undefined {
  const token = bearerToken(authorization);
  const claims = token === undefined ? undefined : context.verifiedTokens.get(token, context.now());
  const state = claims === undefined ? undefined : context.users.peek(claims.userId);
  return (state && callerFor(claims!, state)) || undefined;
}

/**
 * Resolves the caller of a request from its `Authorization: Bearer <access token>` header:
 * 401 UNAUTHENTICATED without a bearer token, 401 INVALID_TOKEN for a token that fails any check
 * or belongs to a missing, disabled or signed-out user. Verified tokens are cached until their
 * `exp`, and user states for a couple of seconds, so a request usually costs two map lookups.
 */
export async function authenticate(
  context: AuthContext,
  authorization: string | undefined,
  reply: FastifyReply,
): Promise<SessionCaller> {
  const token = bearerToken(authorization);
  if (!token) deny(reply, new AppError('UNAUTHENTICATED', 'Sign in to continue'), 'Bearer realm="forecourt"');
  const invalid: () => never = () =>
    deny(
      reply,
      new AppError('INVALID_TOKEN', 'The access token is invalid or has expired'),
      'Bearer realm="forecourt", error="invalid_token"',
    );
  const now = context.now();
  let claims = context.verifiedTokens.get(token, now);
  if (!claims) {
    claims = (await verifyAccessToken(await context.signingKey(), token, now)) ?? invalid();
    context.verifiedTokens.set(token, claims, claims.exp * 1000);
  }
  const state = context.users.peek(claims.userId) ?? (await context.users.get(claims.userId));
  return callerFor(claims, state) ?? invalid();
}

/** 403 when a `{grant}` route's caller has no organisation or lacks the grant, else undefined. */
function refusal(caller: SessionCaller, grant: TGrant | undefined): AppError | undefined {
  if (grant === undefined) return undefined;
  if (caller.organizationId === null)
    return new AppError('FORBIDDEN', 'Create or join an organisation first');
  if (caller.grants.has(grant)) return undefined;
  return new AppError('FORBIDDEN', `Your role does not allow this (it needs the ${grant} permission)`);
}

/**
 * Every `/api` route declares its access in `config`: `{auth: 'public'}`, `{auth: 'user'}` or
 * `{grant: 'stations:r'}`. A route that declares none (or two) stops the app from starting. Each
 * request is checked before its body is even parsed: 401 without a valid token, 403 FORBIDDEN
 * without an organisation or the grant.
 */
export function registerAccessControl(app: FastifyInstance, context: AuthContext): AccessControl {
  app.decorateRequest('caller', null);
  const v1Authenticators = new Map<V1Access, V1Authenticator>();

  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (isV1Path(route.url)) {
      const where = `${String(route.method)} ${route.url}`;
      if (config.auth !== undefined || config.grant !== undefined || config.v1 === undefined) {
        throw new Error(
          `${where} must declare config {v1: 'api-key' | 'widget' | 'public'} and nothing else`,
        );
      }
      if (config.v1 !== 'public' && !v1Authenticators.has(config.v1)) {
        throw new Error(`${where} declares v1 access ${String(config.v1)}, which has no authenticator`);
      }
      return;
    }
    if (!isApiPath(route.url)) return;
    if (config.v1 !== undefined)
      throw new Error(`${String(route.method)} ${route.url}: v1 access is for /v1 routes`);
    const declared = (config.auth === undefined ? 0 : 1) + (config.grant === undefined ? 0 : 1);
    if (declared === 0 && PUBLIC_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`))) {
      route.config = { ...config, auth: 'public' };
      return;
    }
    const where = `${String(route.method)} ${route.url}`;
    if (declared !== 1) {
      throw new Error(
        `${where} must declare exactly one access in config: {auth: 'public' | 'user'} or {grant}`,
      );
    }
    if (config.auth !== undefined && config.auth !== 'public' && config.auth !== 'user') {
      throw new Error(`${where} declares an unknown auth mode ${String(config.auth)}`);
    }
    if (config.grant !== undefined && !expandScope(config.grant).has(config.grant)) {
      throw new Error(`${where} declares an unknown grant ${String(config.grant)}`);
    }
    // The OpenAPI document marks routes that need a token (the docs page's "Authorize" button).
    if (config.auth !== 'public' && route.schema && !route.schema.security) {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    }
  });

  // A callback hook, so the cached path (nearly every request) completes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const { auth, grant, v1 } = request.routeOptions.config;
    if (v1 !== undefined && v1 !== 'public') {
      const authenticateV1 = v1Authenticators.get(v1);
      if (!authenticateV1) return done(new Error(`no authenticator for ${v1}`));
      authenticateV1(request, reply).then(() => done(), done);
      return;
    }
    if (auth !== 'user' && grant === undefined) return done();
    const cached = authenticateFromCache(context, request.headers.authorization);
    if (cached) {
      request.caller = cached;
      return done(refusal(cached, grant));
    }
    authenticate(context, request.headers.authorization, reply).then((caller) => {
      request.caller = caller;
      done(refusal(caller, grant));
    }, done);
  });

  return {
    provideV1Authenticator(access, authenticate) {
      v1Authenticators.set(access, authenticate);
    },
  };
}
