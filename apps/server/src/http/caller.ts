import type { TGrant, TRole } from '@forecourt/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Who is calling, resolved from the bearer access token by the access-control hook
 * (modules/auth/access-control.ts): the user, the organisation every read and write is scoped
 * to, the stations they may see and their grants. Repository functions take a Caller first.
 */
export type SessionCaller = {
  userId: number;
  /** Null for a signed-in user who belongs to no organisation yet. */
  organizationId: number | null;
  role: TRole | null;
  /** `'all'` for admins and members with access to every station of the organisation. */
  stationIds: readonly number[] | 'all';
  grants: ReadonlySet<TGrant>;
};

/** A caller inside an organisation: what every organisation-scoped route works with. */
export type Caller = SessionCaller & { organizationId: number; role: TRole };

/** The access a route declares in its `config`; every `/api` route must declare one. */
export type RouteAccess = { auth: 'public' } | { auth: 'user' } | { grant: TGrant };

declare module 'fastify' {
  interface FastifyRequest {
    caller: SessionCaller | null;
  }
  interface FastifyContextConfig {
    /** `'public'`: no token needed; `'user'`: signed in, organisation optional. */
    auth?: 'public' | 'user';
    /** Signed in, in an organisation, holding this grant. */
    grant?: TGrant;
  }
}

/** The signed-in caller of a `{auth: 'user'}` or `{grant}` route; 401 when there is none. */
export function requireUser(request: FastifyRequest): SessionCaller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.caller;
}

/** The caller of an organisation-scoped route: 401 when signed out, 403 without an organisation. */
export function requireCaller(request: FastifyRequest): Caller {
  const caller = requireUser(request);
  if (caller.organizationId === null || caller.role === null) {
    throw new AppError('FORBIDDEN', 'Create or join an organisation first');
  }
  return caller as Caller;
}
