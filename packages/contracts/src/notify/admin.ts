import { z } from 'zod';
import { NOTIFY_CHANNELS, ZSeverity } from './enums';
import { ZTenantEntity } from './tenants';
import { ZWidgetMessage } from './widget';
import { ZWorkflowStep } from './workflow';

/**
 * Answers of the notification platform's admin API: the Novu-shaped operations served under `/v1`
 * (ApiKey) and `/api/platform/notifications` (signed-in admins), and the admin screens' own reads
 * (activity, subscriber search and preferences). Ids are 24 hex digits, times ISO 8601.
 */

/**
 * A numbered page (Novu's `page`/`pageSize`, counted from 0). Named `Z…Paginated`: `Z…Page` is
 * kept for the keyset pages of the operations lists.
 */
const zNumberedPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
  });
/** A numbered page that also says whether a next page exists. */
const zNumberedPageWithMore = <T extends z.ZodType>(item: T) =>
  zNumberedPage(item).extend({ hasMore: z.boolean() });

/** `{acknowledged: true, status: 'deleted'}`, Novu's answer to a deletion. */
export const ZDeletionAcknowledged = z.object({ acknowledged: z.boolean(), status: z.string() });
export type TDeletionAcknowledged = z.infer<typeof ZDeletionAcknowledged>;

// ─── environment ────────────────────────────────────────────────────────────────────────────

/** The organisation's notification environment (never the secret key; `secretKeyHint` ends it). */
export const ZNotifyEnvironment = z.object({
  _id: z.string(),
  _organizationId: z.string(),
  name: z.string(),
  identifier: z.string(),
  applicationIdentifier: z.string(),
  secretKeyHint: z.string(),
  hmacRequired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  rotatedAt: z.string().nullable(),
});
export type TNotifyEnvironment = z.infer<typeof ZNotifyEnvironment>;

/** The answer to a key rotation: the only time the secret key is shown. */
export const ZRotatedNotifyEnvironment = ZNotifyEnvironment.extend({ secretKey: z.string() });
export type TRotatedNotifyEnvironment = z.infer<typeof ZRotatedNotifyEnvironment>;

// ─── subscribers and topics ─────────────────────────────────────────────────────────────────

/** A subscriber in Novu's shape. */
export const ZNotifySubscriber = z.object({
  _id: z.string(),
  _organizationId: z.string(),
  _environmentId: z.string(),
  subscriberId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  locale: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  channels: z.array(z.unknown()),
  isOnline: z.boolean(),
  lastOnlineAt: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNotifySubscriber = z.infer<typeof ZNotifySubscriber>;
export const ZNotifySubscriberPaginated = zNumberedPageWithMore(ZNotifySubscriber);
export type TNotifySubscriberPaginated = z.infer<typeof ZNotifySubscriberPaginated>;

/** A topic with (up to 100, in lists) of its subscriber ids. */
export const ZTopic = z.object({
  _id: z.string(),
  _environmentId: z.string(),
  _organizationId: z.string(),
  key: z.string(),
  name: z.string(),
  subscribers: z.array(z.string()),
});
export type TTopic = z.infer<typeof ZTopic>;
export const ZTopicPaginated = zNumberedPage(ZTopic);
export type TTopicPaginated = z.infer<typeof ZTopicPaginated>;
/** The answer to creating a topic. */
export const ZTopicCreated = z.object({ _id: z.string(), key: z.string() });
export type TTopicCreated = z.infer<typeof ZTopicCreated>;
/** Subscribers added to a topic, and (when some were unknown) those not found. */
export const ZTopicSubscribersAdded = z.object({
  succeeded: z.array(z.string()),
  failed: z.object({ notFound: z.array(z.string()) }).optional(),
});
export type TTopicSubscribersAdded = z.infer<typeof ZTopicSubscribersAdded>;

// ─── workflows ──────────────────────────────────────────────────────────────────────────────

/** A stored step as answered: flat (for our own screens) and Novu's `template` nesting. */
export const ZWorkflowEntityStep = ZWorkflowStep.extend({
  _id: z.string(),
  _templateId: z.string(),
  template: z.object({
    _id: z.string(),
    name: z.string(),
    type: z.string(),
    content: z.string(),
    subject: z.string().optional(),
    cta: z.unknown().optional(),
    feedIdentifier: z.string().optional(),
    actor: z.unknown().optional(),
  }),
});
export type TWorkflowEntityStep = z.infer<typeof ZWorkflowEntityStep>;

/** A workflow in Novu's notification-template shape. */
export const ZWorkflowEntity = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  draft: z.boolean(),
  critical: z.boolean(),
  /** Inbox severity of its messages. */
  severity: ZSeverity,
  tags: z.array(z.string()),
  steps: z.array(ZWorkflowEntityStep),
  triggers: z.array(
    z.object({
      type: z.string(),
      identifier: z.string(),
      variables: z.array(z.object({ name: z.string() })),
      subscriberVariables: z.array(z.unknown()),
    }),
  ),
  preferenceSettings: z.partialRecord(z.enum(NOTIFY_CHANNELS), z.boolean()),
  data: z.unknown().optional(),
  _environmentId: z.string(),
  _organizationId: z.string(),
  deleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWorkflowEntity = z.infer<typeof ZWorkflowEntity>;
export const ZWorkflowPaginated = zNumberedPage(ZWorkflowEntity);
export type TWorkflowPaginated = z.infer<typeof ZWorkflowPaginated>;

// ─── messages and execution details ─────────────────────────────────────────────────────────

export const ZNotifyMessagePaginated = zNumberedPageWithMore(ZWidgetMessage);
export type TNotifyMessagePaginated = z.infer<typeof ZNotifyMessagePaginated>;

/** One step of what happened to a notification (an execution code and its group). */
export const ZExecutionDetail = z.object({
  _id: z.string(),
  _organizationId: z.string(),
  _environmentId: z.string(),
  _notificationId: z.string().nullable(),
  _notificationTemplateId: z.string().nullable(),
  _jobId: z.string().nullable(),
  _messageId: z.string().nullable(),
  _subscriberId: z.string().nullable(),
  subscriberId: z.string().nullable(),
  transactionId: z.string().nullable(),
  channel: z.string().nullable(),
  code: z.number().int(),
  group: z.enum(['error', 'success', 'info']),
  detail: z.string(),
  status: z.string(),
  source: z.string(),
  isTest: z.boolean(),
  isRetry: z.boolean(),
  raw: z.string().nullable(),
  createdAt: z.string(),
});
export type TExecutionDetail = z.infer<typeof ZExecutionDetail>;

// ─── activity (admin screens) ───────────────────────────────────────────────────────────────

/** A trigger in the activity feed, with its notification, job (by status) and error counts. */
export const ZActivityItem = z.object({
  _id: z.string(),
  transactionId: z.string(),
  triggerIdentifier: z.string(),
  _templateId: z.string().nullable(),
  status: z.string(),
  /** Where the trigger came from (absent for triggers stored before sources were recorded). */
  source: z.string().nullable(),
  notifications: z.number().int(),
  jobs: z.record(z.string(), z.number().int()),
  errors: z.number().int(),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

/** A keyset page of the activity feed, newest first; `nextCursor` when there is more. */
export const ZActivityFeed = z.object({
  data: z.array(ZActivityItem),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
});
export type TActivityFeed = z.infer<typeof ZActivityFeed>;

export const ZActivityJob = z.object({
  _id: z.string(),
  _notificationId: z.string(),
  subscriberId: z.string().nullable(),
  stepId: z.string(),
  stepIndex: z.number().int(),
  type: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  runAt: z.string().nullable(),
  digestKey: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TActivityJob = z.infer<typeof ZActivityJob>;

/** One trigger with its payload, jobs (at most 500) and execution details (at most 1,000). */
export const ZActivityDetail = z.object({
  _id: z.string(),
  transactionId: z.string(),
  triggerIdentifier: z.string(),
  workflowName: z.string().nullable(),
  _templateId: z.string().nullable(),
  status: z.string(),
  payload: z.unknown(),
  recipients: z.unknown(),
  actor: z.unknown(),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
  jobs: z.array(ZActivityJob),
  jobsTruncated: z.boolean(),
  executionDetails: z.array(ZExecutionDetail),
  executionDetailsTruncated: z.boolean(),
});
export type TActivityDetail = z.infer<typeof ZActivityDetail>;

const ZChannelSwitches = z.partialRecord(z.enum(NOTIFY_CHANNELS), z.boolean());

/** A subscriber's preferences as their inbox shows them: global, then one per active workflow. */
export const ZSubscriberPreferences = z.object({
  global: z.object({ enabled: z.boolean(), channels: ZChannelSwitches }).nullable(),
  workflows: z.array(
    z.object({
      template: z.object({
        _id: z.string(),
        name: z.string(),
        critical: z.boolean(),
        tags: z.array(z.string()),
        triggers: z.array(
          z.object({
            type: z.string(),
            identifier: z.string(),
            variables: z.array(z.object({ name: z.string() })),
            subscriberVariables: z.array(z.unknown()),
          }),
        ),
        data: z.unknown().optional(),
      }),
      preference: z.object({
        enabled: z.boolean(),
        channels: ZChannelSwitches,
        overrides: z.array(
          z.object({ channel: z.enum(NOTIFY_CHANNELS), source: z.enum(['template', 'subscriber']) }),
        ),
      }),
    }),
  ),
});
export type TSubscriberPreferences = z.infer<typeof ZSubscriberPreferences>;

// ─── tenants ────────────────────────────────────────────────────────────────────────────────

export const ZTenantPaginated = zNumberedPageWithMore(ZTenantEntity);
export type TTenantPaginated = z.infer<typeof ZTenantPaginated>;
