import type { TSubscriberInput } from '@forecourt/contracts';
import type { DomainEventBus, DomainEventOf } from '../../lib/domain-events';
import { ensureEnvironment } from './environments.service';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { ensureIncidentWorkflows, INCIDENT_ESCALATED_WORKFLOW, INCIDENT_OPENED_WORKFLOW } from './seed';
import { triggerEvent } from './trigger.service';
import { findWorkflowByTrigger } from './workflows.repository';

/**
 * Domain events → notifications. The incident events trigger the seeded `incident-opened` and
 * `incident-escalated` workflows through `triggerEvent` (the path of `/v1/events/trigger`) to the
 * organisation's admins and the members who see the incident's station (every station, or the
 * station in their list), active and enabled, without the user who caused the event
 * (subscriber id = user id). The transaction id comes from the event, so a repeated event has one
 * effect. Failures are logged by the bus, never seen by the incident request.
 */

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'queue' | 'log' | 'keys'>;
type IncidentEvent = DomainEventOf<'incident.opened'> | DomainEventOf<'incident.escalated'>;

/** Active, enabled members of the organisation who see the station: admins and station holders. */
export async function incidentRecipients(
  deps: Pick<Deps, 'db'>,
  event: Pick<IncidentEvent, 'organizationId' | 'stationId' | 'actorUserId'>,
): Promise<TSubscriberInput[]> {
  let query = deps.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email'])
    .where('m.organizationId', '=', event.organizationId)
    .where('m.status', '=', 'active')
    .where('m.disabledAt', 'is', null)
    .where('u.disabledAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('m.role', '=', 'admin'),
        eb('m.allStations', '=', 1),
        eb.exists(
          eb
            .selectFrom('membershipStations as ms')
            .select('ms.stationId')
            .whereRef('ms.membershipId', '=', 'm.id')
            .where('ms.stationId', '=', event.stationId),
        ),
      ]),
    )
    .orderBy('u.id');
  if (event.actorUserId !== null) query = query.where('u.id', '!=', event.actorUserId);
  const rows = await query.execute();
  return rows.map((user) => ({
    subscriberId: String(user.id),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  }));
}

/** The workflow, created first when the environment predates it (or it was removed). */
async function ensureWorkflow(deps: Deps, environment: EnvironmentRow, trigger: string): Promise<void> {
  if (await findWorkflowByTrigger(deps.db, environment.id, trigger)) return;
  await ensureIncidentWorkflows(deps, environment, trigger);
}

async function notifyIncident(deps: Deps, event: IncidentEvent): Promise<void> {
  const workflow = event.type === 'incident.opened' ? INCIDENT_OPENED_WORKFLOW : INCIDENT_ESCALATED_WORKFLOW;
  const to = await incidentRecipients(deps, event);
  if (to.length === 0) return;
  const station = await deps.db
    .selectFrom('stations')
    .select('name')
    .where('id', '=', event.stationId)
    .where('organizationId', '=', event.organizationId)
    .executeTakeFirst();
  const environment = await ensureEnvironment(deps, event.organizationId);
  await ensureWorkflow(deps, environment, workflow);
  const transactionId =
    event.type === 'incident.opened'
      ? `incident-opened-${event.incidentId}`
      : `incident-escalated-${event.incidentId}-${event.reason}-${event.severity}-${event.at}`;
  const result = await triggerEvent(deps, environment, {
    name: workflow,
    to,
    transactionId,
    payload: {
      incidentId: event.incidentId,
      number: event.number,
      title: event.title,
      stationName: station?.name ?? '',
      severity: event.severity,
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
  });
  if (result.status !== 'processed') {
    deps.log.warn(
      { event: event.type, transactionId, status: result.status },
      'incident notification not sent',
    );
  }
}

/** Subscribes the notification platform to the incident events; returns the unsubscribe. */
export function subscribeDomainTriggers(deps: Deps, bus: DomainEventBus): () => void {
  const run = async (event: IncidentEvent) => {
    try {
      await notifyIncident(deps, event);
    } catch (error) {
      deps.log.error(
        { err: error, event: event.type, incidentId: event.incidentId },
        'incident notification failed',
      );
    }
  };
  const offs = [bus.subscribe('incident.opened', run), bus.subscribe('incident.escalated', run)];
  return () => {
    for (const off of offs) off();
  };
}
