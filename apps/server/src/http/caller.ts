import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Who is calling: the organisation every read and write is scoped to, and the stations the caller
 * may see. Every repository function takes a Caller (or its organisation id) first.
 */
export type Caller = {
  organizationId: number;
  userId: number | null;
  /** `'all'` for admins and members with access to every station of the organisation. */
  stationIds: readonly number[] | 'all';
};

export type CallerResolver = (request: FastifyRequest) => Promise<Caller | null>;

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The caller of an authenticated route; 401 when the request carries no identity. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.caller;
}
