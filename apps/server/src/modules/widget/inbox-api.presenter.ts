import type {
  TInboxAction,
  TInboxNotification,
  TInboxRedirect,
  TInboxWorkflow,
  TSeverity,
  TWidgetCta,
  TWidgetCtaButton,
} from '@forecourt/contracts';
import { toHexId } from '../notify/ids';
import type { MessageRow } from '../notify/messages.presenter';
import type { SubscriberRow, WorkflowRow } from '../notify/notify';
import { parseTags } from '../notify/workflows.service';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A message's HTML content as the text the Inbox renders: line breaks stay, `<strong>`/`<b>` become
 * its `**bold**` marks, other tags go, entities are decoded.
 */
export function inboxBody(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<\/?(strong|b)>/gi, '**')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function presentInboxWorkflow(workflow: WorkflowRow): TInboxWorkflow {
  return {
    id: toHexId(workflow.id),
    identifier: workflow.triggerIdentifier,
    name: workflow.name,
    critical: workflow.critical === 1,
    tags: parseTags(workflow),
    severity: workflow.severity as TSeverity,
    ...(workflow.data === null ? {} : { data: JSON.parse(workflow.data) as unknown }),
  };
}

const redirectOf = (url: string | undefined, target?: string): TInboxRedirect | undefined =>
  url ? { url, ...(target ? { target } : {}) } : undefined;

function actionOf(cta: TWidgetCta | undefined, type: TWidgetCtaButton['type']): TInboxAction | undefined {
  const button = cta?.action?.buttons?.find((candidate) => candidate.type === type);
  if (!button) return undefined;
  const redirect = redirectOf(button.url, button.target);
  return {
    label: button.content,
    isCompleted: cta?.action?.result?.type === type && cta.action.status === 'done',
    ...(redirect ? { redirect } : {}),
  };
}

/** A stored in-app message as the Inbox's notification. */
export function presentInboxNotification(
  row: MessageRow,
  context: { subscriber: SubscriberRow; workflow?: WorkflowRow | undefined; actorAvatar?: string | null },
): TInboxNotification {
  const cta = row.cta === null ? undefined : (JSON.parse(row.cta) as TWidgetCta);
  const actor = row.actor === null ? null : (JSON.parse(row.actor) as { type: string; data: string | null });
  const avatar =
    actor?.type === 'system_custom'
      ? actor.data
      : actor?.type === 'user'
        ? (context.actorAvatar ?? null)
        : null;
  const primaryAction = actionOf(cta, 'primary');
  const secondaryAction = actionOf(cta, 'secondary');
  const redirect = redirectOf(cta?.data.url);
  return {
    id: toHexId(row.id),
    transactionId: row.transactionId,
    ...(row.subject === null ? {} : { subject: row.subject }),
    body: inboxBody(row.content),
    to: {
      id: toHexId(context.subscriber.id),
      subscriberId: context.subscriber.subscriberId,
      firstName: context.subscriber.firstName,
      lastName: context.subscriber.lastName,
      avatar: context.subscriber.avatar,
    },
    isRead: row.read === 1,
    isSeen: row.seen === 1,
    isArchived: row.archived === 1,
    isSnoozed: row.snoozedUntil !== null,
    ...(row.snoozedUntil === null ? {} : { snoozedUntil: iso(row.snoozedUntil) as string }),
    createdAt: iso(row.createdAt) as string,
    readAt: iso(row.lastReadAt),
    firstSeenAt: iso(row.lastSeenAt),
    archivedAt: iso(row.archivedAt),
    ...(avatar ? { avatar } : {}),
    ...(primaryAction ? { primaryAction } : {}),
    ...(secondaryAction ? { secondaryAction } : {}),
    channelType: 'in_app',
    tags: context.workflow ? parseTags(context.workflow) : [],
    ...(redirect ? { redirect } : {}),
    data: JSON.parse(row.payload) as Record<string, unknown>,
    ...(context.workflow ? { workflow: presentInboxWorkflow(context.workflow) } : {}),
    severity: row.severity as TSeverity,
  };
}
