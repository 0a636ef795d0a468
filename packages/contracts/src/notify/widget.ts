import { z } from 'zod';

/**
 * The inbox widget wire contract (`/v1/widgets/*`, ../shared/protocol/inbox-widget-protocol.md).
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

export type TWidgetCtaButton = {
  type: 'primary' | 'secondary';
  content: string;
  resultContent?: string;
  url?: string;
  target?: string;
};

export type TWidgetCta = {
  type: 'redirect';
  data: { url?: string };
  action?: {
    status?: 'pending' | 'done';
    buttons?: TWidgetCtaButton[];
    result?: { type?: 'primary' | 'secondary' | 'clicked'; payload?: Record<string, unknown> };
  };
};

/** The in-app message document (protocol §4). */
export type TWidgetMessage = {
  _id: string;
  id: string;
  _templateId: string;
  _messageTemplateId: string;
  _organizationId: string;
  _environmentId: string;
  _notificationId: string;
  _subscriberId: string;
  _jobId: string;
  _feedId: string | null;
  templateIdentifier: string;
  transactionId: string;
  channel: string;
  content: string;
  subject?: string;
  cta?: TWidgetCta;
  payload: Record<string, unknown>;
  actor?: { type: string; data: string | null };
  status: 'sent' | 'error' | 'warning';
  seen: boolean;
  read: boolean;
  archived: boolean;
  deleted: boolean;
  lastSeenDate?: string;
  lastReadDate?: string;
  archivedAt?: string;
  deletedAt?: string;
  createdAt: string;
  updatedAt: string;
  subscriber?: {
    _id: string;
    subscriberId: string;
    firstName: string | null;
    lastName: string | null;
    avatar: string | null;
  };
  actorSubscriber?: {
    _id: string;
    subscriberId: string;
    firstName: string | null;
    lastName: string | null;
    avatar: string | null;
  };
  template?: { _id: string; tags: string[] };
};

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
});
export type TPlatformConfig = z.infer<typeof ZPlatformConfig>;
