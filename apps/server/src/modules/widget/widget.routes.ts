import {
  ZActionStatus,
  ZActionType,
  ZNotifyChannel,
  ZObjectId,
  ZSessionInitialize,
} from '@forecourt/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { acceptEmptyJsonBody } from '../auth/empty-json-body';
import type { NotifyDeps } from '../notify/notify.deps';
import {
  getCount,
  getFeed,
  getGlobalPreferences,
  getOrganization,
  getPreferences,
  initializeSession,
  markAllAs,
  markAs,
  markAsEnum,
  removeAllMessages,
  removeMessage,
  removeMessages,
  updateAction,
  updateGlobalPreference,
  updatePreference,
  type WidgetSession,
} from './widget.service';
import { scalarParam, ZCountQuery, ZFeedIdentifiers, ZFeedQuery, ZMessageIds } from './widget-query';
import { checkWidgetSession } from './widget-session';
import type { WidgetSessionCache } from './widget-session-cache';
import { bearerOf } from './widget-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The inbox subscriber of a `{v1: 'widget'}` route. */
    widgetSession: WidgetSession | null;
  }
}

const PREFIX = '/v1/widgets';

/** CORS for the inbox API: any origin, the headers the published clients send. */
export const WIDGET_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,HEAD,POST,PUT,DELETE,PATCH,OPTIONS',
  'access-control-allow-headers':
    'Authorization,Content-Type,User-Agent,Sentry-Trace,Novu-Environment-Id,Novu-API-Version,Novu-User-Agent,Bypass-Tunnel-Reminder',
  'access-control-max-age': '86400',
} as const;

/**
 * The `{v1: 'widget'}` authenticator: `Authorization: Bearer <session token>` with audience
 * widget_user whose session still holds (widget-session.ts: subscriber, key version, a dashboard
 * user's sessions), else 401.
 */
export function widgetAuthenticator(
  deps: Pick<NotifyDeps, 'db' | 'now' | 'keys'> & { widgetSessions: WidgetSessionCache },
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerOf(request.headers.authorization);
    if (!token) {
      reply.header('www-authenticate', 'Bearer realm="inbox"');
      throw new AppError(
        'UNAUTHENTICATED',
        'Initialize a session first (POST /v1/widgets/session/initialize)',
      );
    }
    const now = deps.now();
    // A token verified a moment ago (widget-session-cache.ts): no signature check, no lookup.
    const cached = deps.widgetSessions.get(token, now);
    if (cached) {
      request.widgetSession = { subscriber: cached };
      return;
    }
    const stamp = deps.widgetSessions.stamp();
    const checked = await checkWidgetSession(deps, token);
    if (!checked) {
      reply.header('www-authenticate', 'Bearer realm="inbox", error="invalid_token"');
      throw new AppError('INVALID_TOKEN', 'The inbox session is invalid or has expired');
    }
    const subscriber = checked.identity;
    deps.widgetSessions.set(token, subscriber, checked.exp * 1000, now, stamp);
    request.widgetSession = { subscriber };
  };
}

function session(request: FastifyRequest): WidgetSession {
  if (!request.widgetSession) throw new AppError('UNAUTHENTICATED', 'Initialize a session first');
  return request.widgetSession;
}

const ZMessageParams = z.object({ messageId: z.string().max(100) });
const ZMarkAsBody = z
  .object({
    messageId: ZMessageIds,
    mark: z.object({ seen: z.boolean().optional(), read: z.boolean().optional() }).nullable().optional(),
  })
  .nullable()
  .optional()
  .transform((body) => body ?? { messageId: [] as string[], mark: undefined });
const ZMarkAsEnumBody = z.object({
  messageId: ZMessageIds,
  markAs: z.enum(['read', 'seen', 'unread', 'unseen']),
});
const ZMarkAllBody = z
  .object({ feedId: ZFeedIdentifiers })
  .nullable()
  .optional()
  .transform((body) => body ?? { feedId: undefined });
const ZBulkDeleteBody = z.object({ messageIds: z.array(ZObjectId).min(1).max(100) });
const ZActionParams = z.object({ messageId: z.string().max(100), type: ZActionType });
const ZActionBody = z.object({
  status: ZActionStatus,
  payload: z.record(z.string(), z.unknown()).nullable().optional(),
  executedType: z.string().optional(),
});
const ZPreferenceParams = z.object({ templateId: z.string().max(100) });
const ZLevelParams = z.object({ level: z.string().max(40) });
const ZPreferenceBody = z
  .object({
    channel: z.object({ type: ZNotifyChannel, enabled: z.boolean() }).optional(),
    enabled: z.boolean().optional(),
  })
  .nullable()
  .optional()
  .transform((body) => body ?? {});
const ZGlobalPreferenceBody = z
  .object({
    enabled: z.boolean().optional(),
    preferences: z
      .array(
        z
          .object({
            type: ZNotifyChannel.optional(),
            channelType: ZNotifyChannel.optional(),
            enabled: z.boolean(),
          })
          .transform((item, ctx) => {
            const type = item.type ?? item.channelType;
            if (!type) {
              ctx.addIssue({ code: 'custom', message: 'type is required' });
              return z.NEVER;
            }
            return { type, enabled: item.enabled };
          }),
      )
      .max(5)
      .optional(),
  })
  .nullable()
  .optional()
  .transform((body) => body ?? {});
const ZUsageLogBody = z
  .object({
    name: z.string().max(200).optional(),
    payload: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .loose()
  .nullable()
  .optional();

/** Every `/v1/widgets/*` route of the protocol, with its status codes and envelopes. */
export function widgetRoutes(deps: NotifyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    acceptEmptyJsonBody(app);
    // CORS on every answer, errors included.
    app.addHook('onSend', async (_request, reply, payload) => {
      for (const [name, value] of Object.entries(WIDGET_CORS_HEADERS)) reply.header(name, value);
      return payload;
    });
    app.options(`${PREFIX}/*`, { config: { v1: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.status(204).send(),
    );

    const widget = { config: { v1: 'widget' as const } };
    const tags = ['inbox widget'];

    app.post(
      `${PREFIX}/session/initialize`,
      {
        config: { v1: 'public' },
        schema: { tags, summary: 'Start an inbox session', body: ZSessionInitialize },
      },
      async (request, reply) => reply.status(201).send({ data: await initializeSession(deps, request.body) }),
    );

    app.get(
      `${PREFIX}/notifications/feed`,
      { ...widget, schema: { tags, summary: 'A page of the in-app feed', querystring: ZFeedQuery } },
      (request) => getFeed(deps, session(request), request.query),
    );
    for (const route of ['unseen', 'unread', 'count'] as const) {
      app.get(
        `${PREFIX}/notifications/${route}`,
        { ...widget, schema: { tags, summary: `Capped ${route} count`, querystring: ZCountQuery } },
        async (request) => ({ data: await getCount(deps, session(request), request.query, route) }),
      );
    }

    app.post(
      `${PREFIX}/messages/markAs`,
      { ...widget, schema: { tags, summary: 'Set seen/read on messages', body: ZMarkAsBody } },
      async (request, reply) =>
        reply.status(201).send({
          data: await markAs(deps, session(request), request.body.messageId, request.body.mark ?? undefined),
        }),
    );
    app.post(
      `${PREFIX}/messages/mark-as`,
      {
        ...widget,
        schema: { tags, summary: 'Mark messages read, unread, seen or unseen', body: ZMarkAsEnumBody },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await markAsEnum(deps, session(request), request.body.messageId, request.body.markAs),
        }),
    );
    for (const what of ['read', 'seen'] as const) {
      app.post(
        `${PREFIX}/messages/${what}`,
        { ...widget, schema: { tags, summary: `Mark every message ${what}`, body: ZMarkAllBody } },
        async (request, reply) =>
          reply
            .status(201)
            .send({ data: await markAllAs(deps, session(request), request.body.feedId, what) }),
      );
    }
    app.post(
      `${PREFIX}/messages/bulk/delete`,
      { ...widget, schema: { tags, summary: 'Delete up to 100 messages', body: ZBulkDeleteBody } },
      async (request, reply) => {
        await removeMessages(deps, session(request), request.body.messageIds);
        return reply.status(200).send({});
      },
    );
    app.delete(
      `${PREFIX}/messages/:messageId`,
      { ...widget, schema: { tags, summary: 'Delete a message', params: ZMessageParams } },
      async (request) => ({ data: await removeMessage(deps, session(request), request.params.messageId) }),
    );
    app.delete(
      `${PREFIX}/messages`,
      { ...widget, schema: { tags, summary: 'Delete every message (optionally of one feed, by feed _id)' } },
      async (request, reply) => {
        const feedId = scalarParam(request.query as Record<string, unknown>, 'feedId');
        await removeAllMessages(deps, session(request), feedId);
        return reply.status(204).send();
      },
    );
    app.post(
      `${PREFIX}/messages/:messageId/actions/:type`,
      {
        ...widget,
        schema: { tags, summary: 'Record a CTA button action', params: ZActionParams, body: ZActionBody },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await updateAction(deps, session(request), request.params.messageId, request.params.type, {
            status: request.body.status,
            ...(request.body.payload ? { payload: request.body.payload } : {}),
          }),
        }),
    );

    app.get(
      `${PREFIX}/organization`,
      { ...widget, schema: { tags, summary: 'The organisation' } },
      async (request) => ({
        data: await getOrganization(deps, session(request)),
      }),
    );
    app.get(
      `${PREFIX}/preferences`,
      { ...widget, schema: { tags, summary: 'Preferences per workflow' } },
      async (request) => ({ data: await getPreferences(deps, session(request)) }),
    );
    app.get(
      `${PREFIX}/preferences/:level`,
      { ...widget, schema: { tags, summary: 'Preferences: global, or per workflow', params: ZLevelParams } },
      async (request) => ({
        data:
          request.params.level === 'global'
            ? await getGlobalPreferences(deps, session(request))
            : await getPreferences(deps, session(request)),
      }),
    );
    app.patch(
      `${PREFIX}/preferences/:templateId`,
      {
        ...widget,
        schema: {
          tags,
          summary: "Change a workflow's preference",
          params: ZPreferenceParams,
          body: ZPreferenceBody,
        },
      },
      async (request) => ({
        data: await updatePreference(deps, session(request), request.params.templateId, request.body),
      }),
    );
    app.patch(
      `${PREFIX}/preferences`,
      { ...widget, schema: { tags, summary: 'Change the global preference', body: ZGlobalPreferenceBody } },
      async (request) => ({ data: await updateGlobalPreference(deps, session(request), request.body) }),
    );
    app.post(
      `${PREFIX}/usage/log`,
      { ...widget, schema: { tags, summary: 'Usage log (accepted and ignored)', body: ZUsageLogBody } },
      async (_request, reply) => reply.status(201).send({ data: { success: true } }),
    );
  };
}
