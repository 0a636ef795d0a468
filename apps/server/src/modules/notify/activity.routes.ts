import {
  type TActivityDetail,
  type TActivityFeed,
  type TNotifySubscriber,
  type TSubscriberPreferences,
  ZActivityDetail,
  ZActivityFeed,
  ZApiError,
  ZNotifySubscriber,
  ZSubscriberId,
  ZSubscriberPreferences,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { PLAIN_JSON } from '../../http/response-serializer';
import { AppError, notFound } from '../../lib/app-error';
import {
  activityCounts,
  activityRows,
  eventDetails,
  eventJobs,
  findEvent,
  findEventCursor,
  searchSubscriberRows,
} from './activity.repository';
import { ensureEnvironment } from './environments.service';
import { presentExecutionDetail } from './execution-details.repository';
import { fromHexId, toHexId, toHexIdOrNull } from './ids';
import type { EnvironmentRow, NotifyDeps, SubscriberPreferencesReader } from './notify.deps';
import { presentSubscriber } from './subscribers.presenter';
import { findSubscriber } from './subscribers.repository';

/**
 * Admin screens' reads that the Novu-shaped operations do not cover (signed-in admins only):
 * the activity feed (every trigger, newest first, with its notifications' job statuses), one
 * trigger with its jobs and execution details, subscriber search by id or email, and a
 * subscriber's preferences as their inbox shows them.
 */

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const JOB_LIMIT = 500;
const DETAIL_LIMIT = 1000;

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'keys'>;

async function listActivity(
  deps: Deps,
  environment: EnvironmentRow,
  query: { limit: number; cursor?: string | undefined; transactionId?: string | undefined },
): Promise<TActivityFeed> {
  let after: { id: number; createdAt: number } | undefined;
  if (query.cursor) {
    const id = fromHexId(query.cursor);
    after = id === null ? undefined : await findEventCursor(deps.db, environment.id, id);
    if (!after)
      throw new AppError('VALIDATION_FAILED', 'Invalid querystring: cursor is not a trigger of this list', [
        { path: 'cursor', message: 'is not a trigger of this list' },
      ]);
  }
  const rows = await activityRows(deps.db, environment.id, {
    limit: query.limit + 1,
    ...(query.transactionId ? { transactionId: query.transactionId } : {}),
    ...(after ? { after } : {}),
  });
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  const { jobCounts, notificationCounts, errorCounts } = await activityCounts(deps.db, ids);
  const jobsOf = new Map<number, Record<string, number>>();
  for (const row of jobCounts) {
    const counts = jobsOf.get(Number(row.eventId)) ?? {};
    counts[row.status] = Number(row.n);
    jobsOf.set(Number(row.eventId), counts);
  }
  const count = (list: { eventId: number | null; n: number }[], id: number) =>
    Number(list.find((row) => Number(row.eventId) === id)?.n ?? 0);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => ({
      _id: toHexId(row.id),
      transactionId: row.transactionId,
      triggerIdentifier: row.triggerIdentifier,
      _templateId: toHexIdOrNull(row.workflowId),
      status: row.status,
      source: row.source,
      notifications: count(notificationCounts, row.id),
      jobs: jobsOf.get(row.id) ?? {},
      errors: count(errorCounts, row.id),
      createdAt: new Date(row.createdAt).toISOString(),
      canceledAt: row.canceledAt === null ? null : new Date(row.canceledAt).toISOString(),
    })),
    hasMore: rows.length > query.limit,
    ...(rows.length > query.limit && last ? { nextCursor: toHexId(last.id) } : {}),
  };
}

async function activityDetail(
  deps: Deps,
  environment: EnvironmentRow,
  eventWireId: string,
): Promise<TActivityDetail> {
  const id = fromHexId(eventWireId);
  const event = id === null ? undefined : await findEvent(deps.db, environment.id, id);
  if (!event) throw notFound('Trigger');
  const jobs = await eventJobs(deps.db, event.id, JOB_LIMIT + 1);
  const details = await eventDetails(deps.db, event.id, DETAIL_LIMIT + 1);
  const workflow = parseJson(event.workflow) as { name?: string } | null;
  return {
    _id: toHexId(event.id),
    transactionId: event.transactionId,
    triggerIdentifier: event.triggerIdentifier,
    workflowName: workflow?.name ?? null,
    _templateId: toHexIdOrNull(event.workflowId),
    status: event.status,
    payload: parseJson(event.payload),
    recipients: parseJson(event.recipients),
    actor: parseJson(event.actor),
    createdAt: new Date(event.createdAt).toISOString(),
    canceledAt: event.canceledAt === null ? null : new Date(event.canceledAt).toISOString(),
    jobs: jobs.slice(0, JOB_LIMIT).map((job) => ({
      _id: toHexId(job.id),
      _notificationId: toHexId(job.notificationId),
      subscriberId: job.externalSubscriberId,
      stepId: job.stepId,
      stepIndex: job.stepIndex,
      type: job.type,
      status: job.status,
      error: job.error,
      runAt: job.runAt === null ? null : new Date(job.runAt).toISOString(),
      digestKey: job.digestKey,
      createdAt: new Date(job.createdAt).toISOString(),
      updatedAt: new Date(job.updatedAt).toISOString(),
    })),
    jobsTruncated: jobs.length > JOB_LIMIT,
    executionDetails: details.slice(0, DETAIL_LIMIT).map(presentExecutionDetail),
    executionDetailsTruncated: details.length > DETAIL_LIMIT,
  };
}

async function searchSubscribers(
  deps: Deps,
  environment: EnvironmentRow,
  q: string,
  limit: number,
): Promise<TNotifySubscriber[]> {
  const rows = await searchSubscriberRows(deps.db, environment.id, q.trim(), limit);
  return rows.map(presentSubscriber);
}

async function subscriberPreferences(
  deps: NotifyDeps,
  preferences: SubscriberPreferencesReader,
  environment: EnvironmentRow,
  subscriberId: string,
): Promise<TSubscriberPreferences> {
  const subscriber = await findSubscriber(deps.db, environment.id, subscriberId);
  if (!subscriber) throw notFound('Subscriber');
  return preferences(deps, subscriber);
}

/** `preferences` reads a subscriber's preferences as the inbox shows them (the widget module's). */
export function activityRoutes(
  deps: NotifyDeps,
  preferences: SubscriberPreferencesReader,
): FastifyPluginAsyncZod {
  const environmentOf = async (request: Parameters<typeof requireCaller>[0]) =>
    ensureEnvironment(deps, requireCaller(request).organizationId);
  return async (app) => {
    app.get(
      '/api/platform/notifications/activity',
      {
        config: { grant: 'notifications:r' },
        ...PLAIN_JSON,
        schema: {
          tags: ['notification platform'],
          summary: 'Triggers of the environment, newest first, with notification and job counts',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(100).default(20),
            cursor: z.string().max(100).optional(),
            transactionId: z.string().max(200).optional(),
          }),
          response: { 200: ZActivityFeed, ...errors },
        },
      },
      async (request) => listActivity(deps, await environmentOf(request), request.query),
    );

    app.get(
      '/api/platform/notifications/activity/:eventId',
      {
        config: { grant: 'notifications:r' },
        ...PLAIN_JSON,
        schema: {
          tags: ['notification platform'],
          summary: 'One trigger with its payload, jobs and execution details',
          params: z.object({ eventId: z.string().max(100) }),
          response: { 200: z.object({ data: ZActivityDetail }), ...errors },
        },
      },
      async (request) => ({
        data: await activityDetail(deps, await environmentOf(request), request.params.eventId),
      }),
    );

    app.get(
      '/api/platform/notifications/subscriber-search',
      {
        config: { grant: 'notifications:r' },
        ...PLAIN_JSON,
        schema: {
          tags: ['notification platform'],
          summary: 'Subscribers whose id starts with, or whose email contains, the text (at most 50)',
          querystring: z.object({
            q: z.string().max(200).default(''),
            limit: z.coerce.number().int().min(1).max(50).default(20),
          }),
          response: { 200: z.object({ data: z.array(ZNotifySubscriber) }), ...errors },
        },
      },
      async (request) => ({
        data: await searchSubscribers(
          deps,
          await environmentOf(request),
          request.query.q,
          request.query.limit,
        ),
      }),
    );

    app.get(
      '/api/platform/notifications/subscribers/:subscriberId/preferences',
      {
        config: { grant: 'notifications:r' },
        ...PLAIN_JSON,
        schema: {
          tags: ['notification platform'],
          summary: "A subscriber's global and per-workflow preferences, as their inbox shows them",
          params: z.object({ subscriberId: ZSubscriberId }),
          response: { 200: z.object({ data: ZSubscriberPreferences }), ...errors },
        },
      },
      async (request) => ({
        data: await subscriberPreferences(
          deps,
          preferences,
          await environmentOf(request),
          request.params.subscriberId,
        ),
      }),
    );
  };
}
