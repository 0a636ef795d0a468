import { z } from 'zod';
import { ZSeverity } from './enums';

/**
 * The inbox widget wire contract (`/v1/widgets/*`; docs/PRODUCT.md, "Inbox widget protocol").
 * Message documents use Novu's field names (`_id`, `_feedId`, …); ids are 24 hex digits.
 */

/** Page size of the feed: default 10, 1…100. Count routes: default and maximum 100. */
export const WIDGET_FEED_LIMIT = { default: 10, max: 100 } as const;
export const WIDGET_COUNT_LIMIT = 100;
/** The audience of widget session tokens. */
export const WIDGET_TOKEN_AUDIENCE = 'widget_user';
/** Widget session tokens live 15 days; there is no refresh (initialise again). */
export const WIDGET_TOKEN_TTL_S = 15 * 24 * 3600;

/** A 24-hex-digit document id. */
export const ZObjectId = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-digit hex id');

export const ZSessionInitialize = z.object({
  applicationIdentifier: z.string().trim().min(1).max(200),
  subscriberId: z.string().trim().min(1).max(200),
  hmacHash: z.string().max(200).nullable().optional(),
  firstName: z.string().max(100).nullable().optional(),
  lastName: z.string().max(100).nullable().optional(),
  email: z.string().max(320).nullable().optional(),
  phone: z.string().max(40).nullable().optional(),
});
export type TSessionInitialize = z.infer<typeof ZSessionInitialize>;

/** Socket events sent to a subscriber's room (default namespace, path `/socket.io/`). */
export const WIDGET_SOCKET_EVENTS = {
  received: 'notification_received',
  unseen: 'unseen_count_changed',
  unread: 'unread_count_changed',
} as const;

export const ZWidgetCtaButton = z.object({
  type: z.enum(['primary', 'secondary']),
  content: z.string(),
  resultContent: z.string().optional(),
  url: z.string().optional(),
  target: z.string().optional(),
});
export type TWidgetCtaButton = z.infer<typeof ZWidgetCtaButton>;

export const ZWidgetCta = z.object({
  type: z.literal('redirect'),
  data: z.object({ url: z.string().optional() }),
  action: z
    .object({
      status: z.enum(['pending', 'done']).optional(),
      buttons: z.array(ZWidgetCtaButton).optional(),
      result: z
        .object({
          type: z.enum(['primary', 'secondary', 'clicked']).optional(),
          payload: z.record(z.string(), z.unknown()).optional(),
        })
        .optional(),
    })
    .optional(),
});
export type TWidgetCta = z.infer<typeof ZWidgetCta>;

/** The short subscriber form populated into feed messages (`subscriber`, `actorSubscriber`). */
export const ZWidgetSubscriberRef = z.object({
  _id: z.string(),
  subscriberId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
});

/** The in-app message document (docs/PRODUCT.md, "Inbox widget protocol"). */
export const ZWidgetMessage = z.object({
  _id: z.string(),
  id: z.string(),
  _templateId: z.string(),
  _messageTemplateId: z.string(),
  _organizationId: z.string(),
  _environmentId: z.string(),
  _notificationId: z.string(),
  _subscriberId: z.string(),
  _jobId: z.string(),
  _feedId: z.string().nullable(),
  templateIdentifier: z.string(),
  transactionId: z.string(),
  channel: z.string(),
  content: z.string(),
  subject: z.string().optional(),
  cta: ZWidgetCta.optional(),
  payload: z.record(z.string(), z.unknown()),
  actor: z.object({ type: z.string(), data: z.string().nullable() }).optional(),
  status: z.enum(['sent', 'error', 'warning']),
  seen: z.boolean(),
  read: z.boolean(),
  archived: z.boolean(),
  deleted: z.boolean(),
  lastSeenDate: z.string().optional(),
  lastReadDate: z.string().optional(),
  archivedAt: z.string().optional(),
  deletedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Forecourt: the workflow's (or the trigger's) severity. */
  severity: ZSeverity.optional(),
  /** Forecourt: when a snoozed message comes back (only while snoozed). */
  snoozedUntil: z.string().optional(),
  subscriber: ZWidgetSubscriberRef.optional(),
  actorSubscriber: ZWidgetSubscriberRef.optional(),
  template: z.object({ _id: z.string(), tags: z.array(z.string()) }).optional(),
});
export type TWidgetMessage = z.infer<typeof ZWidgetMessage>;

/** `GET /api/platform/config`: what the web app needs to open the inbox of the signed-in user. */
export const ZPlatformConfig = z.object({
  applicationIdentifier: z.string(),
  /** Base URL of the inbox API; clients append `/v1`. */
  backendUrl: z.string(),
  /** Base URL of the socket.io server (path `/socket.io/`, default namespace). */
  socketUrl: z.string(),
  subscriberId: z.string(),
  /** HMAC-SHA256 (hex) of `subscriberId` under the environment's secret key. */
  subscriberHash: z.string(),
  /** The longest snooze the server accepts, in hours (the inbox offers no longer choice). */
  maxSnoozeHours: z.number().int().positive(),
});
export type TPlatformConfig = z.infer<typeof ZPlatformConfig>;
