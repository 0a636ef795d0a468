import { z } from 'zod';
import { TRIGGER_STATUSES, ZEventSource, ZSeverity } from './enums';

/** A subscriber's external id: whatever the integrating system calls its user. */
export const ZSubscriberId = z.string().trim().min(1).max(200);

const text = (max: number) => z.string().max(max).nullable().optional();

/** Profile fields of a subscriber, as sent to `POST /v1/subscribers` or inside a trigger's `to`. */
export const ZSubscriberProfile = z.object({
  email: text(320),
  firstName: text(100),
  lastName: text(100),
  phone: text(40),
  avatar: text(2000),
  locale: text(20),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  /** Chat/push channel credentials: stored as given (used by later delivery channels). */
  channels: z.array(z.record(z.string(), z.unknown())).max(20).nullable().optional(),
});
export type TSubscriberProfile = z.infer<typeof ZSubscriberProfile>;

export const ZSubscriberInput = ZSubscriberProfile.extend({ subscriberId: ZSubscriberId });
export type TSubscriberInput = z.infer<typeof ZSubscriberInput>;

export const ZTopicRecipient = z.object({
  type: z.literal('Topic'),
  topicKey: z.string().trim().min(1).max(100),
});

/** One recipient: a subscriber id, a subscriber object or a topic. */
export const ZRecipient = z.union([
  z.string().max(200),
  ZTopicRecipient,
  ZSubscriberInput.extend({ type: z.literal('Subscriber').optional() }),
]);
export type TRecipient = z.infer<typeof ZRecipient>;

export const ZTenant = z.union([
  z.string().trim().min(1).max(100),
  z.object({
    identifier: z.string().trim().min(1).max(100),
    name: z.string().max(200).optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
]);

const ZPayload = z.record(z.string(), z.unknown());

/** `POST /v1/events/trigger`. */
export const ZTriggerRequest = z.object({
  name: z.string().trim().min(1).max(100),
  to: z.union([ZRecipient, z.array(ZRecipient).max(1000)]),
  payload: ZPayload.nullable().optional(),
  overrides: ZPayload.nullable().optional(),
  actor: z
    .union([z.string().max(200), ZSubscriberInput])
    .nullable()
    .optional(),
  tenant: ZTenant.nullable().optional(),
  transactionId: z.string().trim().min(1).max(200).optional(),
  /** Where the trigger came from: web (the dashboard), cli, vercel. `payload.__source` also counts. */
  source: ZEventSource.optional(),
  /** Forecourt: the severity of this trigger's in-app messages (default: the workflow's). */
  severity: ZSeverity.optional(),
});
export type TTriggerRequest = z.infer<typeof ZTriggerRequest>;

/** `POST /v1/events/trigger/broadcast`: every subscriber of the environment. */
export const ZBroadcastRequest = ZTriggerRequest.omit({ to: true, actor: true }).extend({
  actor: z
    .union([z.string().max(200), ZSubscriberInput])
    .nullable()
    .optional(),
});
export type TBroadcastRequest = z.infer<typeof ZBroadcastRequest>;

/** At most this many events per `POST /v1/events/trigger/bulk`. */
export const BULK_TRIGGER_MAX = 100;

export const ZBulkTriggerRequest = z.object({
  events: z.array(ZTriggerRequest).min(1).max(BULK_TRIGGER_MAX),
});

export const ZTriggerResult = z.object({
  acknowledged: z.boolean(),
  status: z.enum(TRIGGER_STATUSES),
  transactionId: z.string().optional(),
  error: z.array(z.string()).optional(),
});
export type TTriggerResult = z.infer<typeof ZTriggerResult>;
