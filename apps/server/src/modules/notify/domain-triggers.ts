import {
  formatDate,
  formatInr,
  type TIncidentSeverity,
  type TSeverity,
  type TSubscriberInput,
} from '@forecourt/contracts';
import type { DomainEvent, DomainEventBus, DomainEventOf, DomainEventType } from '../../lib/domain-events';
import { type Audience, membersInAudience, stationLink } from './domain-triggers.repository';
import {
  ACCESS_REQUEST_CREATED_WORKFLOW,
  ACCESS_REQUEST_DECIDED_WORKFLOW,
  CARD_ACTIVATION_DECIDED_WORKFLOW,
  CARD_ACTIVATION_REQUESTED_WORKFLOW,
  INCIDENT_ESCALATED_WORKFLOW,
  INCIDENT_OPENED_WORKFLOW,
  provisionDomainWorkflows,
  REVIEW_POSTED_WORKFLOW,
  SETTLEMENT_READY_WORKFLOW,
} from './domain-workflows';
import { ensureEnvironment } from './environments.service';
import type { NotifyDeps } from './notify.deps';
import { triggerEvent } from './trigger.service';

/**
 * Domain events → notifications. Each event of the dashboard (incidents, access requests, card
 * activations, settlements, reviews) triggers its workflow (domain-workflows.ts) through
 * `triggerEvent`, the path of `/v1/events/trigger`, for the people it concerns (subscriber id =
 * user id), never the user who caused it. The transaction id is derived from the event, so a
 * repeated event has one effect, whichever path raised it (an API request, ingest, the
 * simulator). Failures are logged, never seen by the request that published.
 */

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'queue' | 'log' | 'keys'>;
type IncidentEvent = DomainEventOf<'incident.opened'> | DomainEventOf<'incident.escalated'>;

/** What an event becomes: the workflow, its audience, the transaction id and the payload. */
type Notification = {
  workflow: string;
  audience: Audience;
  transactionId: string;
  payload: Record<string, unknown>;
  /** The inbox severity of the messages (default: the workflow's). */
  severity?: TSeverity;
};

/** An incident's severity as an inbox severity: critical and high are both `high`. */
export const inboxSeverityOf = (severity: TIncidentSeverity): TSeverity =>
  severity === 'critical' ? 'high' : severity;

/** Active, enabled members of the organisation in the audience, without `exceptUserId`. */
export async function audienceOf(
  deps: Pick<Deps, 'db'>,
  organizationId: number,
  audience: Audience,
  exceptUserId: number | null,
): Promise<TSubscriberInput[]> {
  const rows = await membersInAudience(deps.db, organizationId, audience, exceptUserId);
  return rows.map((user) => ({
    subscriberId: String(user.id),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  }));
}

async function incidentNotification(deps: Deps, event: IncidentEvent): Promise<Notification> {
  const station = await stationLink(deps.db, event.organizationId, event.stationId);
  const opened = event.type === 'incident.opened';
  return {
    workflow: opened ? INCIDENT_OPENED_WORKFLOW : INCIDENT_ESCALATED_WORKFLOW,
    audience: { kind: 'station', stationId: event.stationId },
    transactionId: opened
      ? `incident-opened-${event.incidentId}`
      : `incident-escalated-${event.incidentId}-${event.reason}-${event.severity}-${event.at}`,
    severity: inboxSeverityOf(event.severity),
    payload: {
      incidentId: event.incidentId,
      number: event.number,
      title: event.title,
      stationName: station?.name ?? '',
      severity: event.severity,
      status: event.status,
      slaDueAt: new Date(event.slaDueAt).toISOString(),
      incidentType: event.incidentType,
      group: event.group,
      url: `/incidents/${event.incidentId}`,
      ...(event.type === 'incident.escalated'
        ? {
            reason: event.reason,
            reopened: event.reason === 'reopened',
            ...(event.previousSeverity === undefined ? {} : { previousSeverity: event.previousSeverity }),
          }
        : {}),
    },
  };
}

/** The events that notify someone (a new organisation notifies no one: it is provisioned). */
type NotifyingType = Exclude<DomainEventType, 'organization.created'>;

/** Event type → its notification. */
const NOTIFICATIONS: {
  [T in NotifyingType]: (deps: Deps, event: DomainEventOf<T>) => Promise<Notification>;
} = {
  'incident.opened': incidentNotification,
  'incident.escalated': incidentNotification,
  'access_request.created': async (_deps, event) => ({
    workflow: ACCESS_REQUEST_CREATED_WORKFLOW,
    audience: { kind: 'admins' },
    transactionId: `access-request-created-${event.requestId}`,
    payload: {
      requestId: event.requestId,
      requesterName: event.requesterName,
      stationName: event.stationName,
      url: '/access-requests',
    },
  }),
  'access_request.decided': async (_deps, event) => ({
    workflow: ACCESS_REQUEST_DECIDED_WORKFLOW,
    audience: { kind: 'user', userId: event.requesterUserId },
    transactionId: `access-request-decided-${event.requestId}`,
    payload: {
      requestId: event.requestId,
      stationName: event.stationName,
      decision: event.decision,
      approved: event.decision === 'approved',
      reason: event.reason ?? '',
      url: '/access-requests',
    },
  }),
  'card_activation.requested': async (_deps, event) => ({
    workflow: CARD_ACTIVATION_REQUESTED_WORKFLOW,
    audience: { kind: 'admins' },
    transactionId: `card-activation-requested-${event.requestId}`,
    payload: {
      requestId: event.requestId,
      cardId: event.cardId,
      maskedNumber: event.maskedNumber,
      requestedBy: event.requestedBy,
      url: '/cards/activation-requests',
    },
  }),
  'card_activation.decided': async (_deps, event) => ({
    workflow: CARD_ACTIVATION_DECIDED_WORKFLOW,
    audience: { kind: 'admins' },
    transactionId: `card-activation-decided-${event.requestId}`,
    payload: {
      requestId: event.requestId,
      cardId: event.cardId,
      maskedNumber: event.maskedNumber,
      decision: event.decision,
      approved: event.decision === 'approved',
      reason: event.reason ?? '',
      url: `/cards/${event.cardId}`,
    },
  }),
  'settlement.ready': async (_deps, event) => ({
    workflow: SETTLEMENT_READY_WORKFLOW,
    audience: { kind: 'station', stationId: event.stationId },
    transactionId: `settlement-ready-${event.settlementId}`,
    payload: {
      settlementId: event.settlementId,
      programSlug: event.programSlug,
      stationName: event.stationName,
      netPaise: event.netPaise,
      net: formatInr(event.netPaise),
      periodStart: formatDate(event.periodStart),
      periodEnd: formatDate(event.periodEnd),
      url: `/loyalty/${event.programSlug}/settlements/${event.settlementId}`,
    },
  }),
  'review.posted': async (deps, event) => {
    const station = await stationLink(deps.db, event.organizationId, event.stationId);
    return {
      workflow: REVIEW_POSTED_WORKFLOW,
      audience: { kind: 'station', stationId: event.stationId },
      transactionId: `review-posted-${event.reviewId}`,
      payload: {
        reviewId: event.reviewId,
        stationName: event.stationName,
        rating: event.rating,
        authorName: event.authorName,
        url: station ? `/stations/${station.slug}/reviews` : '/stations',
      },
    };
  },
};

/** Sends the notification of one event (nothing when its audience is empty). */
export async function notifyDomainEvent(
  deps: Deps,
  event: Exclude<DomainEvent, { type: 'organization.created' }>,
): Promise<void> {
  const build = NOTIFICATIONS[event.type] as (deps: Deps, event: DomainEvent) => Promise<Notification>;
  const notification = await build(deps, event);
  const to = await audienceOf(deps, event.organizationId, notification.audience, event.actorUserId);
  if (to.length === 0) return;
  const environment = await ensureEnvironment(deps, event.organizationId);
  // Normally done already (signup, seed, startup); a workflow the admin deleted stays deleted.
  await provisionDomainWorkflows(deps, environment);
  const result = await triggerEvent(deps, environment, {
    name: notification.workflow,
    to,
    transactionId: notification.transactionId,
    payload: notification.payload,
    ...(notification.severity === undefined ? {} : { severity: notification.severity }),
  });
  if (result.status !== 'processed') {
    deps.log.warn(
      { event: event.type, transactionId: notification.transactionId, status: result.status },
      'domain notification not sent',
    );
  }
}

/** Subscribes the notification platform to every domain event; returns the unsubscribe. */
export function subscribeDomainTriggers(deps: Deps, bus: DomainEventBus): () => void {
  const run = async (event: DomainEvent) => {
    try {
      if (event.type === 'organization.created') {
        // Its environment, with the default and the domain workflows, exists from the start.
        await ensureEnvironment(deps, event.organizationId);
        return;
      }
      await notifyDomainEvent(deps, event);
    } catch (error) {
      deps.log.error({ err: error, event: event.type }, 'domain notification failed');
    }
  };
  const types: DomainEventType[] = [
    ...(Object.keys(NOTIFICATIONS) as NotifyingType[]),
    'organization.created',
  ];
  const offs = types.map((type) => bus.subscribe(type, run));
  return () => {
    for (const off of offs) off();
  };
}
