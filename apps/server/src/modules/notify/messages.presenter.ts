import type { TSeverity, TWidgetCta, TWidgetMessage } from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import type { NotifyMessagesTable } from '../../db/schema';
import { toHexId, toHexIdOrNull } from './ids';
import { presentSubscriberRef } from './subscribers.presenter';
import type { SubscriberRow } from './subscribers.repository';

export type MessageRow = Selectable<NotifyMessagesTable>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A message document (docs/PRODUCT.md, "Inbox widget protocol"). The feed populates `subscriber`, `template` and, for messages
 * with an actor, `actorSubscriber` (and a `user` actor's avatar); socket events and mutations
 * answer the bare document.
 */
export function presentMessage(
  row: MessageRow,
  populate?: {
    subscriber?: SubscriberRow;
    actorSubscriber?: SubscriberRow | null;
    template?: { id: number; tags: string[] } | null;
  },
): TWidgetMessage {
  const actor =
    row.actor === null ? undefined : (JSON.parse(row.actor) as { type: string; data: string | null });
  const cta = row.cta === null ? undefined : (JSON.parse(row.cta) as TWidgetCta);
  if (actor && actor.type === 'user' && populate && populate.actorSubscriber !== undefined) {
    actor.data = populate.actorSubscriber?.avatar ?? null;
  }
  const message: TWidgetMessage = {
    _id: toHexId(row.id),
    id: toHexId(row.id),
    _templateId: toHexIdOrNull(row.workflowId) ?? '',
    _messageTemplateId: row.stepId,
    _organizationId: toHexId(row.organizationId),
    _environmentId: toHexId(row.environmentId),
    _notificationId: toHexId(row.notificationId),
    _subscriberId: toHexId(row.subscriberId),
    _jobId: toHexId(row.jobId),
    _feedId: toHexIdOrNull(row.feedId),
    templateIdentifier: row.templateIdentifier,
    transactionId: row.transactionId,
    channel: row.channel,
    content: row.content,
    ...(row.subject === null ? {} : { subject: row.subject }),
    ...(cta === undefined ? {} : { cta }),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    ...(actor === undefined ? {} : { actor }),
    status: row.status as TWidgetMessage['status'],
    seen: row.seen === 1,
    read: row.read === 1,
    archived: row.archived === 1,
    deleted: row.deleted === 1,
    ...(row.lastSeenAt === null ? {} : { lastSeenDate: iso(row.lastSeenAt) }),
    ...(row.lastReadAt === null ? {} : { lastReadDate: iso(row.lastReadAt) }),
    ...(row.archivedAt === null ? {} : { archivedAt: iso(row.archivedAt) }),
    ...(row.deletedAt === null ? {} : { deletedAt: iso(row.deletedAt) }),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    severity: row.severity as TSeverity,
    ...(row.snoozedUntil === null ? {} : { snoozedUntil: iso(row.snoozedUntil) }),
  };
  if (populate?.subscriber) message.subscriber = presentSubscriberRef(populate.subscriber);
  if (populate?.actorSubscriber) message.actorSubscriber = presentSubscriberRef(populate.actorSubscriber);
  if (populate?.template)
    message.template = { _id: toHexId(populate.template.id), tags: populate.template.tags };
  return message;
}
