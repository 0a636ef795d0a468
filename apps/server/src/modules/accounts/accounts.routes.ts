import {
  ZApiError,
  ZOrganizationSignupRequest,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZSignupRequest,
  ZTokenPair,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/caller';
import { acceptEmptyJsonBody } from '../auth/empty-json-body';
import { deviceOf } from '../auth/known-device';
import type { AccountsDeps } from './accounts.deps';
import { ZEmailVerified, ZPasswordChanged, ZResetSent, ZVerificationSent } from './accounts.schemas';
import { retryVerification, verifyEmail } from './email-verification.service';
import { signUpWithInvitation } from './invitation-signup.service';
import { signUpOrganization } from './organization-signup.service';
import { confirmPasswordReset, mayMailReset, requestPasswordReset } from './password-reset.service';
import { enforceRateLimits, ipKey } from './rate-limiter';
import { signUp } from './signup.service';
import { mailedBearerToken } from './tokens';

/** Account payloads are a few short fields: anything bigger is refused before parsing. */
const BODY_LIMIT = 8 * 1024;
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };

/** Account routes of /api/auth: signup, organisation signup, email verification, password reset. */
export function accountsRoutes(deps: AccountsDeps): FastifyPluginAsyncZod {
  const { limiters } = deps;
  return async (app) => {
    acceptEmptyJsonBody(app);

    app.post(
      '/api/auth/signup',
      {
        config: { auth: 'public' },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['auth'],
          summary: 'Sign up with an invitation (201, tokens) or on your own (202, verification mail)',
          body: ZSignupRequest,
          response: { 201: ZTokenPair, 202: ZVerificationSent, ...errors },
        },
      },
      async (request, reply) => {
        const { body } = request;
        await enforceRateLimits(reply, [
          [limiters.signupPerIp, ipKey(request.ip)],
          [limiters.signupPerEmail, body.email],
        ]);
        if (body.signupToken !== undefined) {
          const tokens = await signUpWithInvitation(deps, { ...body, signupToken: body.signupToken });
          return reply.status(201).send(tokens);
        }
        await signUp(deps, body);
        return reply.status(202).send({ status: 'verification_sent' as const });
      },
    );

    app.post(
      '/api/auth/signup/organization',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Create your organisation and become its admin',
          body: ZOrganizationSignupRequest,
          response: { 201: ZTokenPair, ...errors },
        },
      },
      async (request, reply) => {
        const tokens = await signUpOrganization(deps, requireUser(request), request.body);
        return reply.status(201).send(tokens);
      },
    );

    app.post(
      '/api/auth/email/verify',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Confirm an email address (bearer: the token from the verification mail)',
          response: { 200: ZEmailVerified, ...errors },
        },
      },
      async (request) => {
        await verifyEmail(deps, mailedBearerToken(request));
        return { data: { verified: true as const }, status: 'verified' as const };
      },
    );

    app.post(
      '/api/auth/email/retry-verification',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Mail a new verification link (older links stop working)',
          response: { 202: ZVerificationSent, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        await enforceRateLimits(reply, [[limiters.verificationPerUser, String(caller.userId)]]);
        await retryVerification(deps, caller);
        return reply.status(202).send({ status: 'verification_sent' as const });
      },
    );

    app.put(
      '/api/auth/password/reset',
      {
        config: { auth: 'public' },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['auth'],
          summary: 'Ask for a password reset link (always 202)',
          body: ZPasswordResetRequest,
          response: { 202: ZResetSent, ...errors },
        },
      },
      async (request, reply) => {
        await enforceRateLimits(reply, [[limiters.resetPerIp, ipKey(request.ip)]]);
        if (await mayMailReset(deps, request.body.email, deviceOf(request))) {
          requestPasswordReset(deps, request.body.email);
        }
        return reply.status(202).send({ status: 'reset_sent' as const });
      },
    );

    app.post(
      '/api/auth/password/reset',
      {
        config: { auth: 'public' },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['auth'],
          summary: 'Set a new password (bearer: the token from the reset mail)',
          body: ZPasswordResetConfirm,
          response: { 200: ZPasswordChanged, ...errors },
        },
      },
      async (request) => {
        await confirmPasswordReset(deps, mailedBearerToken(request), request.body.password);
        return { status: 'password_changed' as const };
      },
    );
  };
}
