import {
  ZApiError,
  ZNotifyEnvironment,
  ZPlatformConfig,
  ZRotatedNotifyEnvironment,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { findUserById } from '../accounts/accounts';
import { recordAuditEvent } from '../audit/audit';
import { acceptEmptyJsonBody } from '../auth/empty-json-body';
import { ensureEnvironment, presentEnvironment, rotateSecretKey, secretKeyOf } from './environments.service';
import type { NotifyDeps } from './notify.deps';
import { subscriberHash } from './secrets';
import { upsertSubscriber } from './subscribers.repository';

const errors = { 401: ZApiError, 403: ZApiError };

/**
 * `/api/platform`: the inbox configuration of the signed-in user (every member), and the
 * organisation's notification environment for admins (the key is shown once, when rotated).
 */
export function platformRoutes(deps: NotifyDeps, options: { maxSnoozeHours: number }): FastifyPluginAsyncZod {
  return async (app) => {
    acceptEmptyJsonBody(app);
    app.get(
      '/api/platform/config',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['notification platform'],
          summary:
            'The inbox settings of the signed-in user: application identifier, URLs, subscriber id and hash',
          response: { 200: ZPlatformConfig, ...errors },
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        const environment = await ensureEnvironment(deps, caller.organizationId);
        const user = await findUserById(deps.db, caller.userId);
        if (!user) throw new Error('signed-in user not found');
        const subscriberId = String(user.id);
        // Users are subscribers of their organisation's environment: kept in step with the profile.
        await upsertSubscriber(
          deps.db,
          environment,
          { subscriberId, firstName: user.firstName, lastName: user.lastName, email: user.email },
          deps.now(),
        );
        return {
          applicationIdentifier: environment.applicationIdentifier,
          backendUrl: deps.publicUrl,
          socketUrl: deps.publicUrl,
          subscriberId,
          subscriberHash: subscriberHash(await secretKeyOf(deps, environment), subscriberId),
          maxSnoozeHours: options.maxSnoozeHours,
        };
      },
    );

    app.get(
      '/api/platform/notifications/environment',
      {
        config: { grant: 'notifications:r' },
        schema: {
          tags: ['notification platform'],
          summary: "The organisation's notification environment (never the secret key)",
          response: { 200: ZNotifyEnvironment, ...errors },
        },
      },
      async (request) =>
        presentEnvironment(await ensureEnvironment(deps, requireCaller(request).organizationId)),
    );

    app.post(
      '/api/platform/notifications/environment/rotate',
      {
        config: { grant: 'notifications:u' },
        schema: {
          tags: ['notification platform'],
          summary: 'A new secret key (shown only in this answer); the old one stops working at once',
          response: { 200: ZRotatedNotifyEnvironment, ...errors },
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        const { environment, secretKey } = await rotateSecretKey(deps, caller.organizationId);
        // Sessions made with the old key end: cached ones here, live sockets, and (their key
        // version no longer matching) every token at its next use.
        deps.widgetSessions.forgetEnvironment(environment.id);
        deps.inbox.endEnvironmentSessions(environment.id);
        await recordAuditEvent(deps.db, {
          organizationId: caller.organizationId,
          actorUserId: caller.userId,
          action: 'notifications.key_rotated',
          target: `notify_environment:${environment.id}`,
          at: deps.now(),
        });
        request.log.info({ environmentId: environment.id }, 'notification secret key rotated');
        return { ...presentEnvironment(environment), secretKey };
      },
    );
  };
}
