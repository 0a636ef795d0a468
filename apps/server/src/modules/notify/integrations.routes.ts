import {
  ZApiError,
  ZIntegration,
  ZIntegrationCreate,
  ZIntegrationTestRequest,
  ZIntegrationTestResult,
  ZIntegrationUpdate,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { recordAuditEvent } from '../audit/audit';
import { testIntegration } from './delivery/test-send';
import { ensureEnvironment } from './environments.service';
import {
  changeIntegration,
  createIntegration,
  listIntegrations,
  removeIntegration,
  setPrimaryIntegration,
} from './integrations.service';
import type { NotifyDeps } from './notify.deps';
import { type Operation, op } from './notify.routes';

const ZIntegrationParams = z.object({ integrationId: z.string().min(1).max(100) });

/**
 * The integrations operations (Novu v1 shapes), served by `notifyRoutes` under `/v1` (ApiKey) and
 * `/api/platform/notifications` (grants) like every other platform operation.
 */
export function integrationOperations(deps: NotifyDeps): Operation[] {
  return [
    op({
      method: 'GET',
      path: '/integrations',
      grant: 'notifications:r',
      summary: 'Integrations of the environment (credentials: non-secret values, secrets masked)',
      schema: {},
      status: 200,
      envelope: 'data',
      response: z.array(ZIntegration),
      run: (environment) => listIntegrations(deps, environment),
    }),
    op({
      method: 'GET',
      path: '/integrations/active',
      grant: 'notifications:r',
      summary: 'Active integrations of the environment',
      schema: {},
      status: 200,
      envelope: 'data',
      response: z.array(ZIntegration),
      run: (environment) => listIntegrations(deps, environment, { activeOnly: true }),
    }),
    op({
      method: 'POST',
      path: '/integrations',
      grant: 'notifications:c',
      summary: "Add a provider integration; credentials are checked against the provider's fields",
      schema: { body: ZIntegrationCreate },
      status: 201,
      envelope: 'data',
      response: ZIntegration,
      run: (environment, { body }) => createIntegration(deps, environment, body),
    }),
    op({
      method: 'PUT',
      path: '/integrations/:integrationId',
      grant: 'notifications:u',
      summary: 'Change an integration (credentials are merged: the mask keeps a secret, null clears)',
      schema: { params: ZIntegrationParams, body: ZIntegrationUpdate },
      status: 200,
      envelope: 'data',
      response: ZIntegration,
      run: (environment, { params, body }) =>
        changeIntegration(deps, environment, params.integrationId, body),
    }),
    op({
      method: 'DELETE',
      path: '/integrations/:integrationId',
      grant: 'notifications:d',
      summary: 'Delete an integration; answers the remaining ones',
      schema: { params: ZIntegrationParams },
      status: 200,
      envelope: 'data',
      response: z.array(ZIntegration),
      run: (environment, { params }) => removeIntegration(deps, environment, params.integrationId),
    }),
    op({
      method: 'POST',
      path: '/integrations/:integrationId/set-primary',
      grant: 'notifications:u',
      summary: "Make an email or SMS integration its channel's primary",
      schema: { params: ZIntegrationParams },
      status: 200,
      envelope: 'data',
      response: ZIntegration,
      run: (environment, { params }) => setPrimaryIntegration(deps, environment, params.integrationId),
    }),
  ];
}

/** `POST /api/platform/notifications/integrations/:integrationId/test`: one message, for admins. */
export function integrationTestRoutes(deps: NotifyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/platform/notifications/integrations/:integrationId/test',
      {
        config: { grant: 'notifications:c' },
        schema: {
          tags: ['notification platform'],
          summary: "Send one test message through an integration; answers success or the provider's error",
          params: ZIntegrationParams,
          body: ZIntegrationTestRequest,
          response: {
            200: z.object({ data: ZIntegrationTestResult }),
            400: ZApiError,
            401: ZApiError,
            403: ZApiError,
            404: ZApiError,
          },
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        const environment = await ensureEnvironment(deps, caller.organizationId);
        const result = await testIntegration(deps, environment, request.params.integrationId, request.body);
        await recordAuditEvent(deps.db, {
          organizationId: caller.organizationId,
          actorUserId: caller.userId,
          action: 'notifications.integration_tested',
          target: `notify_integration:${request.params.integrationId}`,
          at: deps.now(),
        });
        return { data: result };
      },
    );
  };
}
