import {
  ORG_MISSING_HEADER,
  ORG_SIGNUP_PATH,
  ZApiError,
  ZExtendRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZMe,
  ZTokenPair,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/caller';
import type { AuthContext } from './auth-context';
import { acceptEmptyJsonBody } from './empty-json-body';
import { deviceOf, newDeviceId, setDeviceCookie } from './known-device';
import { login, RateLimitedError } from './login.service';
import { getMe } from './me.service';
import { dummyPasswordHash } from './password';
import { revokeAllSessions, revokeDeviceSession, rotateRefreshToken } from './sessions.service';

const ZStatusOk = z.object({ status: z.literal('ok') });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ZApiError]));

/** The session half of `/api/auth` (docs/API.md, "Authentication"). */
export function authRoutes(context: AuthContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    acceptEmptyJsonBody(app);
    await dummyPasswordHash();
    // Answers carry tokens or personal data: no cache may keep them (RFC 6749 §5.1).
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/auth/login',
      {
        config: { auth: 'public' },
        bodyLimit: 4 * 1024,
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: ZLoginRequest,
          response: { 200: ZLoginResponse, ...errors(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        try {
          // The browser's known-device id, or a new one that becomes known if this sign-in succeeds.
          const device = deviceOf(request) ?? newDeviceId();
          const { organizationId, ...tokens } = await login(context, request.body, request.ip, device);
          setDeviceCookie(request, reply, device);
          if (organizationId !== null) return tokens;
          reply.header(ORG_MISSING_HEADER, 'true');
          return { ...tokens, redirect_url: ORG_SIGNUP_PATH };
        } catch (error) {
          if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
      },
    );

    app.get(
      '/api/auth/verify',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Check an access token',
          response: { 200: ZStatusOk, ...errors(401) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.put(
      '/api/auth/extend',
      {
        config: { auth: 'public' },
        bodyLimit: 1024,
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for a new token pair (rotation)',
          body: ZExtendRequest,
          response: { 200: ZTokenPair, ...errors(400, 401, 413, 415) },
        },
      },
      (request) => rotateRefreshToken(db, request.body.refresh_token),
    );

    app.put(
      '/api/auth/logout',
      {
        config: { auth: 'user' },
        bodyLimit: 1024,
        schema: {
          tags: ['auth'],
          summary: "Sign out: revokes all of the caller's sessions, or with scope 'device' only this one",
          body: ZLogoutRequest.nullish(),
          response: { 204: z.null(), ...errors(400, 401) },
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const body = request.body;
        if (body?.scope === 'device') await revokeDeviceSession(db, userId, body.refresh_token);
        else await revokeAllSessions(db, userId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/me',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, organisation, role, scope and stations',
          response: { 200: ZMe, ...errors(401) },
        },
      },
      (request) => getMe(db, requireUser(request)),
    );
  };
}
