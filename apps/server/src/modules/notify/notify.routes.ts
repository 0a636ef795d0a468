import {
  type TGrant,
  ZApiError,
  ZBroadcastRequest,
  ZBulkTriggerRequest,
  ZDeletionAcknowledged,
  ZExecutionDetail,
  ZNotifyEnvironment,
  ZNotifyMessagePaginated,
  ZNotifySubscriber,
  ZNotifySubscriberPaginated,
  ZSortDirection,
  ZSubscriberId,
  ZSubscriberInput,
  ZSubscriberProfile,
  ZTopic,
  ZTopicCreated,
  ZTopicPaginated,
  ZTopicSubscribersAdded,
  ZTriggerRequest,
  ZTriggerResult,
  ZWorkflowCreate,
  ZWorkflowEntity,
  ZWorkflowPaginated,
  ZWorkflowUpdate,
} from '@forecourt/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { PLAIN_JSON } from '../../http/response-serializer';
import { AppError } from '../../lib/app-error';
import { findEnvironmentBySecretHash } from './environments.repository';
import { ensureEnvironment, presentEnvironment } from './environments.service';
import { listExecutionDetails, presentExecutionDetail } from './execution-details.repository';
import { fromHexId } from './ids';
import { presentMessage } from './messages.presenter';
import { listEnvironmentMessages } from './messages.repository';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { type NotifyFeature, requireFeature } from './notify-features';
import { hashSecretKey } from './secrets';
import {
  changeSubscriber,
  getSubscriber,
  getSubscriberPage,
  identifySubscriber,
  removeSubscriber,
} from './subscribers.service';
import {
  addSubscribersToTopic,
  changeTopicName,
  createTopic,
  getTopic,
  getTopicPage,
  removeSubscribersFromTopic,
  removeTopic,
} from './topics.service';
import { cancelTrigger, triggerBulk, triggerEvent } from './trigger.service';
import {
  changeWorkflow,
  createWorkflow,
  getWorkflowPage,
  presentWorkflow,
  removeWorkflow,
  requireWorkflow,
} from './workflows.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The environment of a `{v1: 'api-key'}` route (from `Authorization: ApiKey …`). */
    notifyEnvironment: EnvironmentRow | null;
  }
}

/**
 * The `{v1: 'api-key'}` authenticator: `Authorization: ApiKey <secret key>` names an environment
 * by the key's SHA-256 (one index probe); anything else is 401 INVALID_API_KEY.
 */
export function apiKeyAuthenticator(deps: Pick<NotifyDeps, 'db'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^apikey\s+(\S+)\s*$/i.exec(header);
    const environment = match?.[1]
      ? await findEnvironmentBySecretHash(deps.db, hashSecretKey(match[1]))
      : undefined;
    if (!environment) {
      reply.header('www-authenticate', 'ApiKey realm="notifications"');
      throw new AppError(
        'INVALID_API_KEY',
        'API Key not found: send Authorization: ApiKey <environment secret key>',
      );
    }
    request.notifyEnvironment = environment;
  };
}

const ZPage = (defaultLimit = 10, max = 100) =>
  z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
    /** By creation time: -1 newest first (default), 1 oldest first. */
    orderDirection: ZSortDirection.optional(),
  });

/** A list in a query string: repeated keys, `key[]`, or a comma list. */
const ZQueryList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : (Array.isArray(value) ? value : [value])
          .flatMap((item) => item.split(','))
          .map((item) => item.trim())
          .filter(Boolean),
  );

const ZSubscriberParams = z.object({ subscriberId: ZSubscriberId });
const ZTopicParams = z.object({ topicKey: z.string().trim().min(1).max(100) });
const ZWorkflowParams = z.object({ workflowId: z.string().max(100) });
const ZTopicSubscribers = z.object({ subscribers: z.array(ZSubscriberId).min(1).max(1000) });

export type Schema = {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
};
type Input<S extends Schema> = {
  body: S['body'] extends z.ZodType ? z.output<S['body']> : undefined;
  query: S['querystring'] extends z.ZodType ? z.output<S['querystring']> : undefined;
  params: S['params'] extends z.ZodType ? z.output<S['params']> : undefined;
};

/** One operation, served under /v1 (ApiKey) and /api/platform/notifications (signed-in admins). */
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  grant: TGrant;
  summary: string;
  schema: Schema;
  /** The success status; 204 sends no body. */
  status: 200 | 201 | 204;
  /** `data`: wrap the result as `{data}`; `page`: the result is a paginated body, sent as is. */
  envelope: 'data' | 'page' | 'none';
  /** The contract of the result (before the `data` envelope); `null` for 204 answers. */
  response: z.ZodType | null;
  /** The NOTIFY_FEATURES flag the operation needs: off → 404 FEATURE_DISABLED. */
  feature?: NotifyFeature;
  run(environment: EnvironmentRow, input: Input<Schema>): Promise<unknown>;
};

/**
 * Declares an operation. `run` is typed against the request schemas and its result against the
 * response contract, so the body it answers is the one the contract describes.
 */
export function op<S extends Schema, R extends z.ZodType | null>(
  definition: Omit<Operation, 'schema' | 'response' | 'run'> & {
    schema: S;
    response: R;
    run(environment: EnvironmentRow, input: Input<S>): Promise<R extends z.ZodType ? z.input<R> : unknown>;
  },
): Operation {
  // Variance only: `run` accepts the narrower input its schemas parse to.
  return definition as unknown as Operation;
}

/** Error answers every operation documents. */
const OPERATION_ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** The route's response schemas: the success body (in its envelope) and the errors. */
export function operationResponses(operation: Operation): Record<number, z.ZodType> {
  if (operation.status === 204 || operation.response === null) return OPERATION_ERRORS;
  const body = operation.envelope === 'data' ? z.object({ data: operation.response }) : operation.response;
  return { [operation.status]: body, ...OPERATION_ERRORS };
}

function operations(deps: NotifyDeps): Operation[] {
  return [
    op({
      method: 'GET',
      path: '/environments/me',
      grant: 'notifications:r',
      summary: 'The environment (application identifier; never the secret key)',
      schema: {},
      status: 200,
      envelope: 'data',
      response: ZNotifyEnvironment,
      run: async (environment) => presentEnvironment(environment),
    }),
    op({
      method: 'POST',
      path: '/events/trigger',
      grant: 'notifications:c',
      summary: 'Trigger a workflow for subscribers and topics',
      schema: { body: ZTriggerRequest },
      status: 201,
      envelope: 'data',
      response: ZTriggerResult,
      run: (environment, { body }) => triggerEvent(deps, environment, body),
    }),
    op({
      method: 'POST',
      path: '/events/trigger/bulk',
      grant: 'notifications:c',
      summary: 'Trigger up to 100 events',
      schema: { body: ZBulkTriggerRequest },
      status: 201,
      envelope: 'data',
      response: z.array(ZTriggerResult),
      run: (environment, { body }) => triggerBulk(deps, environment, body.events),
    }),
    op({
      method: 'POST',
      path: '/events/trigger/broadcast',
      grant: 'notifications:c',
      summary: 'Trigger a workflow for every subscriber of the environment',
      schema: { body: ZBroadcastRequest },
      status: 201,
      envelope: 'data',
      response: ZTriggerResult,
      run: (environment, { body }) => triggerEvent(deps, environment, { ...body, to: undefined }),
    }),
    op({
      method: 'DELETE',
      path: '/events/trigger/:transactionId',
      grant: 'notifications:d',
      summary: 'Cancel what has not run yet of a transaction',
      schema: { params: z.object({ transactionId: z.string().min(1).max(200) }) },
      status: 200,
      envelope: 'data',
      response: z.boolean(),
      run: (environment, { params }) => cancelTrigger(deps, environment, params.transactionId),
    }),
    op({
      method: 'POST',
      path: '/subscribers',
      grant: 'notifications:c',
      summary: 'Create a subscriber, or update the given fields of an existing one',
      schema: { body: ZSubscriberInput },
      status: 201,
      envelope: 'data',
      response: ZNotifySubscriber,
      run: (environment, { body }) => identifySubscriber(deps, environment, body),
    }),
    op({
      method: 'GET',
      path: '/subscribers',
      grant: 'notifications:r',
      summary: 'Subscribers, newest first',
      schema: { querystring: ZPage(10, 100) },
      status: 200,
      envelope: 'page',
      response: ZNotifySubscriberPaginated,
      run: (environment, { query }) => getSubscriberPage(deps, environment, query),
    }),
    op({
      method: 'GET',
      path: '/subscribers/:subscriberId',
      grant: 'notifications:r',
      summary: 'A subscriber',
      schema: { params: ZSubscriberParams },
      status: 200,
      envelope: 'data',
      response: ZNotifySubscriber,
      run: (environment, { params }) => getSubscriber(deps, environment, params.subscriberId),
    }),
    op({
      method: 'PUT',
      path: '/subscribers/:subscriberId',
      grant: 'notifications:u',
      summary: "Change a subscriber's profile",
      schema: { params: ZSubscriberParams, body: ZSubscriberProfile },
      status: 200,
      envelope: 'data',
      response: ZNotifySubscriber,
      run: (environment, { params, body }) => changeSubscriber(deps, environment, params.subscriberId, body),
    }),
    op({
      method: 'DELETE',
      path: '/subscribers/:subscriberId',
      grant: 'notifications:d',
      summary: 'Delete a subscriber (with its messages and topic memberships)',
      schema: { params: ZSubscriberParams },
      status: 200,
      envelope: 'data',
      response: ZDeletionAcknowledged,
      run: (environment, { params }) => removeSubscriber(deps, environment, params.subscriberId),
    }),
    op({
      method: 'POST',
      path: '/topics',
      grant: 'notifications:c',
      summary: 'Create a topic',
      schema: {
        body: z.object({
          key: z.string().trim().min(1).max(100),
          name: z.string().trim().min(1).max(200).optional(),
        }),
      },
      status: 201,
      envelope: 'data',
      response: ZTopicCreated,
      run: (environment, { body }) => createTopic(deps, environment, body),
    }),
    op({
      method: 'GET',
      path: '/topics',
      grant: 'notifications:r',
      summary: 'Topics, newest first',
      schema: {
        querystring: ZPage(10, 100).extend({
          pageSize: z.coerce.number().int().min(1).max(100).optional(),
          key: z.string().max(100).optional(),
        }),
      },
      status: 200,
      envelope: 'page',
      response: ZTopicPaginated,
      run: (environment, { query }) =>
        getTopicPage(deps, environment, {
          page: query.page,
          limit: query.pageSize ?? query.limit,
          orderDirection: query.orderDirection,
          ...(query.key ? { key: query.key } : {}),
        }),
    }),
    op({
      method: 'GET',
      path: '/topics/:topicKey',
      grant: 'notifications:r',
      summary: 'A topic with its subscriber ids',
      schema: { params: ZTopicParams },
      status: 200,
      envelope: 'data',
      response: ZTopic,
      run: (environment, { params }) => getTopic(deps, environment, params.topicKey),
    }),
    op({
      method: 'PATCH',
      path: '/topics/:topicKey',
      grant: 'notifications:u',
      summary: 'Rename a topic',
      schema: { params: ZTopicParams, body: z.object({ name: z.string().trim().min(1).max(200) }) },
      status: 200,
      envelope: 'data',
      response: ZTopic,
      run: (environment, { params, body }) => changeTopicName(deps, environment, params.topicKey, body.name),
    }),
    op({
      method: 'DELETE',
      path: '/topics/:topicKey',
      grant: 'notifications:d',
      summary: 'Delete a topic',
      schema: { params: ZTopicParams },
      status: 204,
      envelope: 'none',
      response: null,
      run: (environment, { params }) => removeTopic(deps, environment, params.topicKey),
    }),
    op({
      method: 'POST',
      path: '/topics/:topicKey/subscribers',
      grant: 'notifications:u',
      summary: 'Add subscribers to a topic',
      schema: { params: ZTopicParams, body: ZTopicSubscribers },
      status: 200,
      envelope: 'data',
      response: ZTopicSubscribersAdded,
      run: (environment, { params, body }) =>
        addSubscribersToTopic(deps, environment, params.topicKey, body.subscribers),
    }),
    op({
      method: 'POST',
      path: '/topics/:topicKey/subscribers/removal',
      grant: 'notifications:u',
      summary: 'Remove subscribers from a topic',
      schema: { params: ZTopicParams, body: ZTopicSubscribers },
      status: 204,
      envelope: 'none',
      response: null,
      run: (environment, { params, body }) =>
        removeSubscribersFromTopic(deps, environment, params.topicKey, body.subscribers),
    }),
    ...['/workflows', '/notification-templates'].map((path) =>
      op({
        method: 'GET',
        path,
        grant: 'notifications:r',
        summary: 'Workflows with their trigger identifiers, newest first',
        schema: { querystring: ZPage(10, 100).extend({ query: z.string().max(100).optional() }) },
        status: 200,
        envelope: 'page',
        response: ZWorkflowPaginated,
        run: (environment, { query }) =>
          getWorkflowPage(deps, environment, {
            page: query.page,
            limit: query.limit,
            orderDirection: query.orderDirection,
            ...(query.query ? { query: query.query } : {}),
          }),
      }),
    ),
    op({
      method: 'POST',
      path: '/workflows',
      grant: 'notifications:c',
      summary: 'Create a workflow',
      schema: { body: ZWorkflowCreate },
      status: 201,
      envelope: 'data',
      response: ZWorkflowEntity,
      run: async (environment, { body }) => presentWorkflow(await createWorkflow(deps, environment, body)),
    }),
    op({
      method: 'GET',
      path: '/workflows/:workflowId',
      grant: 'notifications:r',
      summary: 'A workflow',
      schema: { params: ZWorkflowParams },
      status: 200,
      envelope: 'data',
      response: ZWorkflowEntity,
      run: async (environment, { params }) =>
        presentWorkflow(await requireWorkflow(deps, environment, params.workflowId)),
    }),
    op({
      method: 'PUT',
      path: '/workflows/:workflowId',
      grant: 'notifications:u',
      summary: 'Change a workflow',
      schema: { params: ZWorkflowParams, body: ZWorkflowUpdate },
      status: 200,
      envelope: 'data',
      response: ZWorkflowEntity,
      run: async (environment, { params, body }) =>
        presentWorkflow(await changeWorkflow(deps, environment, params.workflowId, body)),
    }),
    op({
      method: 'DELETE',
      path: '/workflows/:workflowId',
      grant: 'notifications:d',
      summary: 'Delete a workflow',
      schema: { params: ZWorkflowParams },
      status: 200,
      envelope: 'data',
      response: z.boolean(),
      run: async (environment, { params }) => {
        await removeWorkflow(deps, environment, params.workflowId);
        return true;
      },
    }),
    op({
      method: 'GET',
      path: '/messages',
      grant: 'notifications:r',
      summary: 'Messages of the environment, newest first',
      schema: {
        querystring: ZPage(10, 100).extend({
          channel: z.string().max(20).optional(),
          subscriberId: ZSubscriberId.optional(),
          transactionId: ZQueryList,
          'transactionId[]': ZQueryList,
        }),
      },
      status: 200,
      envelope: 'page',
      response: ZNotifyMessagePaginated,
      run: async (environment, { query }) => {
        const transactionIds = [...(query.transactionId ?? []), ...(query['transactionId[]'] ?? [])];
        const { rows, hasMore, count } = await listEnvironmentMessages(deps.db, environment.id, {
          page: query.page,
          limit: query.limit,
          orderDirection: query.orderDirection,
          ...(query.channel ? { channel: query.channel } : {}),
          ...(query.subscriberId ? { subscriberId: query.subscriberId } : {}),
          ...(transactionIds.length > 0 ? { transactionIds } : {}),
        });
        return {
          page: query.page,
          pageSize: query.limit,
          hasMore,
          totalCount: count,
          data: rows.map((row) => presentMessage(row)),
        };
      },
    }),
    op({
      method: 'GET',
      path: '/execution-details',
      grant: 'notifications:r',
      summary: 'What happened to a notification (execution details with their codes)',
      schema: {
        querystring: z
          .object({
            notificationId: z.string().max(100).optional(),
            subscriberId: ZSubscriberId.optional(),
            transactionId: z.string().max(200).optional(),
          })
          .refine((query) => query.notificationId !== undefined || query.transactionId !== undefined, {
            message: 'Give notificationId (or transactionId)',
          }),
      },
      status: 200,
      envelope: 'data',
      response: z.array(ZExecutionDetail),
      run: async (environment, { query }) => {
        const notificationId =
          query.notificationId === undefined ? undefined : fromHexId(query.notificationId);
        if (notificationId === null) return [];
        const rows = await listExecutionDetails(deps.db, environment.id, {
          ...(notificationId === undefined ? {} : { notificationId }),
          ...(query.subscriberId ? { subscriberId: query.subscriberId } : {}),
          ...(query.transactionId ? { transactionId: query.transactionId } : {}),
        });
        return rows.map(presentExecutionDetail);
      },
    }),
  ];
}

async function answer(reply: FastifyReply, operation: Operation, result: unknown) {
  if (operation.status === 204) return reply.status(204).send();
  return reply.status(operation.status).send(operation.envelope === 'data' ? { data: result } : result);
}

/**
 * The notification platform's admin API, twice: under `/v1` with `Authorization: ApiKey <secret>`
 * (Novu v1 request and response shapes), and under `/api/platform/notifications` for signed-in
 * organisation admins (`notifications:*` grants) working on their organisation's environment.
 */
export function notifyRoutes(deps: NotifyDeps, more: readonly Operation[] = []): FastifyPluginAsyncZod {
  return async (app) => {
    for (const operation of [...operations(deps), ...more]) {
      const schema = {
        tags: ['notification platform'],
        summary: operation.summary,
        ...operation.schema,
        response: operationResponses(operation),
      };
      const input = (request: FastifyRequest) =>
        ({ body: request.body, query: request.query, params: request.params }) as Input<Schema>;
      app.route({
        method: operation.method,
        url: `/v1${operation.path}`,
        config: { v1: 'api-key' },
        ...PLAIN_JSON,
        schema,
        handler: async (request, reply) => {
          const environment = request.notifyEnvironment;
          if (!environment) throw new AppError('INVALID_API_KEY', 'API Key not found');
          requireFeature(deps.features, operation.feature);
          return answer(reply, operation, await operation.run(environment, input(request)));
        },
      });
      app.route({
        method: operation.method,
        url: `/api/platform/notifications${operation.path}`,
        config: { grant: operation.grant },
        ...PLAIN_JSON,
        schema,
        handler: async (request, reply) => {
          const caller = requireCaller(request);
          requireFeature(deps.features, operation.feature);
          const environment = await ensureEnvironment(deps, caller.organizationId);
          return answer(reply, operation, await operation.run(environment, input(request)));
        },
      });
    }
  };
}
