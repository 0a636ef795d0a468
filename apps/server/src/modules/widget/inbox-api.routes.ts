import {
  INBOX_PAGE_LIMIT,
  SEVERITIES,
  type TSeverity,
  ZInboxActionBody,
  ZInboxBulkBody,
  ZInboxBulkPreferenceBody,
  ZInboxPreferenceBody,
  ZInboxSessionRequest,
  ZInboxSnoozeBody,
} from '@forecourt/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { acceptEmptyJsonBody } from '../auth/empty-json-body';
import type { NotifyDeps } from '../notify/notify.deps';
import {
  type BulkAction,
  bulkChange,
  changeNotification,
  countInboxNotifications,
  DEFAULT_MAX_SNOOZE_HOURS,
  deleteNotification,
  getGlobalPreference,
  type ListQuery,
  listInboxNotifications,
  listPreferences,
  markSeen,
  openInboxSession,
  type TagGroups,
  updateGlobalPreference,
  updateWorkflowPreferences,
} from './inbox-api.service';
import type { WidgetSession } from './widget.service';
import { listParam, scalarParam } from './widget-query';

const PREFIX = '/v1/inbox';

/** CORS for the Inbox API: any origin, and the headers `@novu/js` 3.x sends. */
export const INBOX_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,HEAD,POST,PUT,DELETE,PATCH,OPTIONS',
  'access-control-allow-headers':
    'Authorization,Content-Type,User-Agent,Novu-API-Version,Novu-Client-Version,Novu-Application-Identifier,Novu-User-Agent,Novu-Environment-Id,Sentry-Trace,Baggage',
  'access-control-max-age': '86400',
} as const;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

function session(request: FastifyRequest): WidgetSession {
  if (!request.widgetSession) throw new AppError('UNAUTHENTICATED', 'Open a session first');
  return request.widgetSession;
}

type RawQuery = Record<string, unknown>;

function booleanParam(query: RawQuery, key: string): boolean | undefined {
  const value = scalarParam(query, key);
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw bad(`${key} must be true or false`);
}

function timeParam(query: RawQuery, key: string): number | undefined {
  const value = scalarParam(query, key);
  if (value === undefined) return undefined;
  const at = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(at)) throw bad(`${key} must be a time (milliseconds or ISO 8601)`);
  return at;
}

/** `tags[]=a&tags[]=b` (any of), or `tags[0][]=a&tags[1][]=b` (a tag of every group). */
function tagGroupsOf(query: RawQuery): TagGroups | undefined {
  const flat = listParam(query, 'tags');
  const groups: TagGroups = flat ? [flat] : [];
  for (const key of Object.keys(query)) {
    const match = /^tags\[(\d{1,2})\]\[\]$/.exec(key);
    if (!match) continue;
    const group = listParam(query, key.slice(0, -2));
    if (group) groups.push(group);
  }
  return groups.length > 0 ? groups : undefined;
}

function severityOf(query: RawQuery): TSeverity[] | undefined {
  const list = listParam(query, 'severity');
  if (!list) return undefined;
  for (const value of list) {
    if (!(SEVERITIES as readonly string[]).includes(value))
      throw bad(`severity must be one of ${SEVERITIES.join(', ')}`);
  }
  return list as TSeverity[];
}

function dataOf(text: string | null | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad('data must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad('data must be a JSON object');
  return parsed as Record<string, unknown>;
}

function listQueryOf(raw: unknown): ListQuery {
  const query = (raw && typeof raw === 'object' ? raw : {}) as RawQuery;
  const limitText = scalarParam(query, 'limit');
  const limit = limitText === undefined ? INBOX_PAGE_LIMIT.default : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > INBOX_PAGE_LIMIT.max) {
    throw bad(`limit must be a whole number from 1 to ${INBOX_PAGE_LIMIT.max}`);
  }
  const offsetText = scalarParam(query, 'offset');
  const offset = offsetText === undefined ? undefined : Number(offsetText);
  if (offset !== undefined && (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000)) {
    throw bad('offset must be a whole number of at least 0');
  }
  const tagGroups = tagGroupsOf(query);
  const severity = severityOf(query);
  const data = dataOf(scalarParam(query, 'data'));
  const out: ListQuery = { limit };
  const set = <K extends keyof ListQuery>(key: K, value: ListQuery[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('offset', offset);
  set('after', scalarParam(query, 'after'));
  set('tagGroups', tagGroups);
  if (tagGroups?.length === 1) out.tags = tagGroups[0];
  set('read', booleanParam(query, 'read'));
  set('seen', booleanParam(query, 'seen'));
  set('archived', booleanParam(query, 'archived'));
  set('snoozed', booleanParam(query, 'snoozed'));
  set('severity', severity);
  set('data', data);
  set('createdGte', timeParam(query, 'createdGte'));
  set('createdLte', timeParam(query, 'createdLte'));
  return out;
}

/** The tags of a bulk body: a list (any of), `{or: […]}` or `{and: [{or: […]}, …]}`. */
function bodyTagGroups(tags: unknown): TagGroups | undefined {
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  if (tags === undefined || tags === null) return undefined;
  if (Array.isArray(tags)) return tags.length > 0 ? [strings(tags)] : undefined;
  if (typeof tags === 'object' && 'or' in tags) {
    const list = strings((tags as { or: unknown }).or);
    return list.length > 0 ? [list] : undefined;
  }
  if (typeof tags === 'object' && 'and' in tags && Array.isArray((tags as { and: unknown }).and)) {
    const groups = ((tags as { and: unknown[] }).and as unknown[])
      .map((group) => strings((group as { or?: unknown } | null)?.or))
      .filter((group) => group.length > 0);
    return groups.length > 0 ? groups : undefined;
  }
  throw bad('tags must be a list of tags');
}

const ZNotificationParams = z.object({ id: z.string().max(100) });
const ZWorkflowParams = z.object({ workflowId: z.string().max(200) });

/**
 * `/v1/inbox/*`: the API of the current Novu Inbox (`@novu/js` 3.x), on the widget API's
 * sessions, tokens and messages. Answers are `{data: …}` (the list adds `hasMore` and `filter`);
 * the "all" actions and deletions answer 204.
 */
export function inboxApiRoutes(
  deps: NotifyDeps,
  options: { maxSnoozeHours?: number | undefined } = {},
): FastifyPluginAsyncZod {
  const maxSnoozeHours = options.maxSnoozeHours ?? DEFAULT_MAX_SNOOZE_HOURS;
  return async (app) => {
    acceptEmptyJsonBody(app);
    app.addHook('onSend', async (_request, reply, payload) => {
      for (const [name, value] of Object.entries(INBOX_CORS_HEADERS)) reply.header(name, value);
      return payload;
    });
    app.options(`${PREFIX}/*`, { config: { v1: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.status(204).send(),
    );

    const inbox = { config: { v1: 'widget' as const } };
    const tags = ['inbox'];

    app.post(
      `${PREFIX}/session`,
      {
        config: { v1: 'public' },
        schema: { tags, summary: 'Open an Inbox session', body: ZInboxSessionRequest },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await openInboxSession(deps, request.body, maxSnoozeHours) }),
    );

    app.get(
      `${PREFIX}/notifications`,
      { ...inbox, schema: { tags, summary: 'A page of notifications, newest first' } },
      (request) => listInboxNotifications(deps, session(request), listQueryOf(request.query)),
    );
    app.get(
      `${PREFIX}/notifications/count`,
      { ...inbox, schema: { tags, summary: 'Capped counts, one per filter' } },
      async (request) => ({
        data: await countInboxNotifications(
          deps,
          session(request),
          scalarParam(request.query as RawQuery, 'filters'),
        ),
      }),
    );

    for (const kind of ['read', 'unread', 'archive', 'unarchive', 'unsnooze'] as const) {
      app.patch(
        `${PREFIX}/notifications/:id/${kind}`,
        { ...inbox, schema: { tags, summary: `${kind} a notification`, params: ZNotificationParams } },
        async (request) => ({
          data: await changeNotification(deps, session(request), request.params.id, { kind }),
        }),
      );
    }
    app.patch(
      `${PREFIX}/notifications/:id/snooze`,
      {
        ...inbox,
        schema: {
          tags,
          summary: 'Snooze a notification until a time',
          params: ZNotificationParams,
          body: ZInboxSnoozeBody,
        },
      },
      async (request) => ({
        data: await changeNotification(deps, session(request), request.params.id, {
          kind: 'snooze',
          until: request.body.snoozeUntil,
          maxSnoozeHours,
        }),
      }),
    );
    for (const kind of ['complete', 'revert'] as const) {
      app.patch(
        `${PREFIX}/notifications/:id/${kind}`,
        {
          ...inbox,
          schema: { tags, summary: `${kind} an action`, params: ZNotificationParams, body: ZInboxActionBody },
        },
        async (request) => ({
          data: await changeNotification(deps, session(request), request.params.id, {
            kind,
            actionType: request.body.actionType,
          }),
        }),
      );
    }
    app.delete(
      `${PREFIX}/notifications/:id/delete`,
      { ...inbox, schema: { tags, summary: 'Delete a notification', params: ZNotificationParams } },
      async (request, reply) => {
        await deleteNotification(deps, session(request), request.params.id);
        return reply.status(204).send();
      },
    );

    const bulk: [string, BulkAction][] = [
      ['read', 'read'],
      ['archive', 'archive'],
      ['read-archive', 'archive-read'],
      // The path some 3.x clients call for "archive all read".
      ['archive/read', 'archive-read'],
      ['delete', 'delete'],
    ];
    for (const [path, action] of bulk) {
      app.post(
        `${PREFIX}/notifications/${path}`,
        { ...inbox, schema: { tags, summary: `All notifications: ${action}`, body: ZInboxBulkBody } },
        async (request, reply) => {
          await bulkChange(deps, session(request), action, {
            tagGroups: bodyTagGroups(request.body.tags),
            data: dataOf(request.body.data),
          });
          return reply.status(204).send();
        },
      );
    }
    app.post(
      `${PREFIX}/notifications/seen`,
      { ...inbox, schema: { tags, summary: 'Mark notifications seen', body: ZInboxBulkBody } },
      async (request, reply) => {
        const { notificationIds } = request.body;
        if (notificationIds && notificationIds.length > 0) {
          await markSeen(deps, session(request), notificationIds);
        } else {
          await bulkChange(deps, session(request), 'seen', {
            tagGroups: bodyTagGroups(request.body.tags),
            data: dataOf(request.body.data),
          });
        }
        return reply.status(204).send();
      },
    );

    app.get(
      `${PREFIX}/preferences`,
      { ...inbox, schema: { tags, summary: 'The global preference and one per workflow' } },
      async (request) => {
        const query = request.query as RawQuery;
        const criticality = scalarParam(query, 'criticality');
        if (criticality !== undefined && !['critical', 'nonCritical', 'all'].includes(criticality)) {
          throw bad('criticality must be critical, nonCritical or all');
        }
        return {
          data: await listPreferences(deps, session(request), {
            tags: listParam(query, 'tags'),
            severity: severityOf(query),
            criticality: criticality as 'critical' | 'nonCritical' | 'all' | undefined,
          }),
        };
      },
    );
    app.get(
      `${PREFIX}/preferences/global`,
      { ...inbox, schema: { tags, summary: 'The global preference' } },
      async (request) => ({ data: await getGlobalPreference(deps, session(request)) }),
    );
    app.patch(
      `${PREFIX}/preferences`,
      { ...inbox, schema: { tags, summary: 'Change the global preference', body: ZInboxPreferenceBody } },
      async (request) => ({ data: await updateGlobalPreference(deps, session(request), request.body) }),
    );
    app.patch(
      `${PREFIX}/preferences/bulk`,
      {
        ...inbox,
        schema: { tags, summary: 'Change several workflow preferences', body: ZInboxBulkPreferenceBody },
      },
      async (request) => ({
        data: await updateWorkflowPreferences(deps, session(request), request.body.preferences),
      }),
    );
    app.patch(
      `${PREFIX}/preferences/:workflowId`,
      {
        ...inbox,
        schema: {
          tags,
          summary: "Change a workflow's preference",
          params: ZWorkflowParams,
          body: ZInboxPreferenceBody,
        },
      },
      async (request) => {
        const [preference] = await updateWorkflowPreferences(deps, session(request), [
          { workflowId: request.params.workflowId, ...request.body },
        ]);
        return { data: preference };
      },
    );
  };
}
