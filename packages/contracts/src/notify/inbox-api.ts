import { z } from 'zod';
import { NOTIFY_CHANNELS, type TSeverity, ZSeverity } from './enums';
import { ZSubscriberProfile } from './trigger';

/**
 * The `/v1/inbox/*` wire contract: the API the current Novu Inbox (`@novu/js` 3.x, under
 * `@novu/react`'s `<Inbox/>`) speaks. Same sessions, tokens and messages as `/v1/widgets`; the
 * notification document is the client's own shape (`isRead`, `body`, `primaryAction`, …).
 */

/** Counts of the inbox API are capped here (the client shows "99+"). */
export const INBOX_COUNT_CAP = 99;
/** At most this many filters in one `GET /inbox/notifications/count`. */
export const INBOX_COUNT_MAX_FILTERS = 30;
/** Page size of `GET /inbox/notifications`: default 10, 1…100. */
export const INBOX_PAGE_LIMIT = { default: 10, max: 100 } as const;

export const ZInboxSubscriber = ZSubscriberProfile.omit({ channels: true })
  .extend({
    subscriberId: z.string().trim().min(1).max(200),
    timezone: z.string().max(60).nullable().optional(),
  })
  .loose();

/**
 * `POST /v1/inbox/session`: `subscriber` (object, or its id as a string) or the older
 * `subscriberId`; `subscriberHash` when the environment requires HMAC.
 */
export const ZInboxSessionRequest = z
  .object({
    applicationIdentifier: z.string().trim().max(200).nullable().optional(),
    subscriberId: z.string().trim().max(200).nullable().optional(),
    subscriber: z
      .union([z.string().trim().max(200), ZInboxSubscriber])
      .nullable()
      .optional(),
    subscriberHash: z.string().max(200).nullable().optional(),
    contextHash: z.string().max(200).nullable().optional(),
    context: z.unknown().optional(),
    defaultSchedule: z.unknown().optional(),
  })
  .loose();
export type TInboxSessionRequest = z.infer<typeof ZInboxSessionRequest>;

export type TSeverityCounts = Record<TSeverity, number>;
export type TInboxUnreadCount = { total: number; severity: TSeverityCounts };

export type TInboxSessionResponse = {
  token: string;
  /** The older clients read this number. */
  totalUnreadCount: number;
  unreadCount: TInboxUnreadCount;
  removeNovuBranding: boolean;
  maxSnoozeDurationHours: number;
  isDevelopmentMode: boolean;
  applicationIdentifier: string;
};

export type TInboxRedirect = { url: string; target?: string };
export type TInboxAction = { label: string; isCompleted: boolean; redirect?: TInboxRedirect };

export type TInboxWorkflow = {
  id: string;
  identifier: string;
  name: string;
  critical: boolean;
  tags: string[];
  severity: TSeverity;
  data?: unknown;
};

/** A notification as `GET /inbox/notifications` and the per-notification mutations answer it. */
export type TInboxNotification = {
  id: string;
  transactionId: string;
  subject?: string;
  body: string;
  to: {
    id: string;
    subscriberId: string;
    firstName?: string | null;
    lastName?: string | null;
    avatar?: string | null;
  };
  isRead: boolean;
  isSeen: boolean;
  isArchived: boolean;
  isSnoozed: boolean;
  snoozedUntil?: string;
  createdAt: string;
  readAt?: string | null;
  firstSeenAt?: string | null;
  archivedAt?: string | null;
  avatar?: string;
  primaryAction?: TInboxAction;
  secondaryAction?: TInboxAction;
  channelType: 'in_app';
  tags: string[];
  redirect?: TInboxRedirect;
  data: Record<string, unknown>;
  workflow?: TInboxWorkflow;
  severity: TSeverity;
};

/** One filter of a list or a count; what the server applied is echoed back as `filter`. */
export const ZInboxFilter = z
  .object({
    tags: z.array(z.string().max(200)).max(50).optional(),
    read: z.boolean().optional(),
    archived: z.boolean().optional(),
    snoozed: z.boolean().optional(),
    seen: z.boolean().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    severity: z.union([ZSeverity, z.array(ZSeverity).max(4)]).optional(),
    createdGte: z.number().optional(),
    createdLte: z.number().optional(),
  })
  .loose();
export type TInboxFilter = z.infer<typeof ZInboxFilter>;

export type TInboxCount = { count: number; filter: TInboxFilter };

/** `PATCH /inbox/notifications/:id/snooze`. */
export const ZInboxSnoozeBody = z.object({ snoozeUntil: z.string().trim().min(1).max(40) });

/** `PATCH /inbox/notifications/:id/complete|revert`. */
export const ZInboxActionBody = z.object({ actionType: z.enum(['primary', 'secondary']) });

/** Bodies of the mark/archive/delete-all routes: the tags and data the client has open. */
export const ZInboxBulkBody = z
  .object({
    tags: z
      .union([z.array(z.string().max(200)).max(50), z.record(z.string(), z.unknown())])
      .nullable()
      .optional(),
    data: z.string().max(8000).nullable().optional(),
    notificationIds: z.array(z.string().max(100)).max(1000).optional(),
  })
  .loose()
  .nullable()
  .optional()
  .transform((body) => body ?? {});

const channelSwitches = Object.fromEntries(
  NOTIFY_CHANNELS.map((channel) => [channel, z.boolean().optional()]),
) as Record<(typeof NOTIFY_CHANNELS)[number], z.ZodOptional<z.ZodBoolean>>;

/** `PATCH /inbox/preferences[/:workflowId]`: channel switches (and `enabled`, ours). */
export const ZInboxPreferenceBody = z
  .object({ ...channelSwitches, enabled: z.boolean().optional() })
  .loose()
  .nullable()
  .optional()
  .transform((body) => body ?? {});

/** `PATCH /inbox/preferences/bulk`. */
export const ZInboxBulkPreferenceBody = z.object({
  preferences: z
    .array(z.object({ workflowId: z.string().min(1).max(200), ...channelSwitches }).loose())
    .min(1)
    .max(100),
});

export type TInboxPreference = {
  level: 'global' | 'template';
  enabled: boolean;
  channels: Partial<Record<(typeof NOTIFY_CHANNELS)[number], boolean>>;
  workflow?: TInboxWorkflow;
};
