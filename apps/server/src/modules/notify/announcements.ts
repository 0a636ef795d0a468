import { randomUUID } from 'node:crypto';
import { ZApiError } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import { recordAuditEvent } from '../audit/audit';
import {
  findMemberForAnnouncement,
  membersWithoutSubscriber,
  setTopicToActiveMembers,
} from './announcements.repository';
import { ensureEnvironment } from './environments.service';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { upsertSubscriber } from './subscribers.repository';
import { findTopic, insertTopic } from './topics.repository';
import { triggerEvent } from './trigger.service';

/**
 * Organisation announcements. Every environment has a topic holding the organisation's active
 * members (`organization-members`; subscriber id = user id). It is brought in line with the
 * memberships (joined, not disabled, account not disabled) set-based right before each
 * announcement to the organisation, so joins, disables, re-enables and departures need no hooks
 * and the topic is never stale when it matters; outside callers may trigger to it too.
 * `POST /api/platform/notifications/announcements` triggers the seeded `system-announcement`
 * workflow through `triggerEvent`, the path every `/v1/events/trigger` call takes.
 */

export const ORGANIZATION_TOPIC_KEY = 'organization-members';
export const ANNOUNCEMENT_WORKFLOW = 'system-announcement';

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'queue' | 'log' | 'keys'>;

/**
 * Makes the organisation topic hold exactly the active members: subscribers are created for
 * members who have none (with their names and email), missing members added, and everyone else
 * (left, disabled) removed. Returns the topic and how many members it holds.
 */
export async function syncOrganizationTopic(
  deps: Pick<Deps, 'db' | 'now'>,
  environment: EnvironmentRow,
): Promise<{ topicId: number; members: number }> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const topic =
      (await insertTopic(trx, environment, ORGANIZATION_TOPIC_KEY, 'All members of the organisation', now)) ??
      (await findTopic(trx, environment.id, ORGANIZATION_TOPIC_KEY));
    if (!topic) throw new AppError('INTERNAL', 'The organisation topic could not be created');
    // Members without a subscriber row get one (with the profile, as /api/platform/config does).
    const missing = await membersWithoutSubscriber(trx, environment);
    for (const user of missing) {
      await upsertSubscriber(
        trx,
        environment,
        {
          subscriberId: String(user.id),
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
        },
        now,
      );
    }
    const members = await setTopicToActiveMembers(trx, environment, topic.id, now);
    return { topicId: topic.id, members };
  });
}

/** A path on the app or an http(s) address. */
const ZCtaUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
    message: 'Use a path on the app (/…) or an http(s) address',
  });

export const ZAnnouncement = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().max(5000).default(''),
  ctaUrl: ZCtaUrl.optional(),
  audience: z.union([z.literal('organization'), z.object({ userId: z.number().int().positive() }).strict()]),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

const ZAnnouncementResult = z.object({
  data: z.object({
    acknowledged: z.boolean(),
    status: z.string(),
    transactionId: z.string(),
    error: z.array(z.string()).optional(),
    /** Organisation: the topic the announcement went to and how many members it held. */
    topicKey: z.string().optional(),
    recipients: z.number().int(),
  }),
});

/**
 * Sends an announcement: to the organisation topic (synced first), or to one member of the
 * organisation (404 NOT_FOUND for anyone else, 409 CONFLICT for a disabled member).
 */
export async function sendAnnouncement(
  deps: Deps,
  organizationId: number,
  input: TAnnouncement,
): Promise<z.infer<typeof ZAnnouncementResult>['data']> {
  const environment = await ensureEnvironment(deps, organizationId);
  const transactionId = randomUUID();
  const payload = {
    title: input.title,
    body: input.body,
    ...(input.ctaUrl === undefined ? {} : { url: input.ctaUrl, ctaUrl: input.ctaUrl }),
  };
  if (input.audience === 'organization') {
    const topic = await syncOrganizationTopic(deps, environment);
    const result = await triggerEvent(deps, environment, {
      name: ANNOUNCEMENT_WORKFLOW,
      to: [{ type: 'Topic', topicKey: ORGANIZATION_TOPIC_KEY }],
      payload,
      transactionId,
    });
    return { ...result, transactionId, topicKey: ORGANIZATION_TOPIC_KEY, recipients: topic.members };
  }
  const member = await findMemberForAnnouncement(deps.db, organizationId, input.audience.userId);
  if (member?.status !== 'active') throw notFound('Member');
  if (member.disabledAt !== null || member.userDisabledAt !== null) {
    throw new AppError('CONFLICT', 'The member is disabled and cannot receive announcements');
  }
  const result = await triggerEvent(deps, environment, {
    name: ANNOUNCEMENT_WORKFLOW,
    to: {
      subscriberId: String(member.id),
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
    },
    payload,
    transactionId,
  });
  return { ...result, transactionId, recipients: 1 };
}

/** `POST /api/platform/notifications/announcements` (admins: `notifications:c`). */
export function announcementRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/platform/notifications/announcements',
      {
        config: { grant: 'notifications:c' },
        schema: {
          tags: ['notification platform'],
          summary:
            'An announcement (the system-announcement workflow) to every active member of the organisation or to one member',
          body: ZAnnouncement,
          response: {
            201: ZAnnouncementResult,
            400: ZApiError,
            401: ZApiError,
            403: ZApiError,
            404: ZApiError,
            409: ZApiError,
            422: ZApiError,
          },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const data = await sendAnnouncement(deps, caller.organizationId, request.body);
        await recordAuditEvent(deps.db, {
          organizationId: caller.organizationId,
          actorUserId: caller.userId,
          action: 'notifications.announcement_sent',
          target: `notify_event:${data.transactionId}`,
          data: {
            audience: request.body.audience,
            title: request.body.title,
            recipients: data.recipients,
          },
          at: deps.now(),
        });
        return reply.code(201).send({ data });
      },
    );
  };
}
