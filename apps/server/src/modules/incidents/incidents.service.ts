import {
  INCIDENT_TRANSITIONS,
  INCIDENT_TYPE_GROUPS,
  isSeverityRaise,
  type TIncidentAssign,
  type TIncidentAssignees,
  type TIncidentCreate,
  type TIncidentDetail,
  type TIncidentNote,
  type TIncidentPage,
  type TIncidentPageQuery,
  type TIncidentSeverity,
  type TIncidentSeverityChange,
  type TIncidentStatus,
  type TIncidentTransition,
  type TIncidentType,
  ZIncidentCreate,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import type { DomainEvent } from '../../lib/domain-events';
import { keysetOrder, listPage } from '../../lib/paging/list-page';
import { personName } from '../../lib/person-name';
import { callerSeesStation, networkScope } from '../../lib/scope/scope';
import { recordAuditEvent } from '../audit/audit';
import type { IncidentEvidence, IncidentsDeps } from './incidents.deps';
import { presentIncident, presentIncidentEvent } from './incidents.presenter';
import {
  dispenserOfStation,
  findIncident,
  INCIDENT_SORT_COLUMNS,
  type IncidentRow,
  incidentEvents,
  incidentsQuery,
  insertIncident,
  insertIncidentEvent,
  isOrganizationMember,
  nextIncidentNumber,
  stationMembers,
  stationOfOrganization,
  updateIncident,
} from './incidents.repository';
import { resolveDueAt, slaStart } from './sla';

/** A page of incidents in the caller's scope (members: their stations), filtered and sorted. */
export async function listIncidents(
  db: Db,
  caller: Caller,
  query: TIncidentPageQuery,
  now: number,
  filesHost: string,
): Promise<TIncidentPage> {
  const scope = await networkScope(db, caller, query.station);
  const rows = incidentsQuery(db, scope, query);
  const order = keysetOrder(query.sort, INCIDENT_SORT_COLUMNS, 'incidents.id');
  return listPage(db, rows, order, query, (row) => presentIncident(row, now, filesHost));
}

/** One incident with its timeline and evidence; 404 when the caller may not see it. */
export async function getIncidentDetail(
  db: Db,
  caller: Caller,
  id: number,
  now: number,
  filesHost: string,
  evidence: IncidentEvidence,
): Promise<TIncidentDetail> {
  const row = await findIncident(db, caller, id);
  if (!row) throw notFound('Incident');
  const [events, files] = await Promise.all([incidentEvents(db, id), evidence(db, id)]);
  return {
    ...presentIncident(row, now, filesHost),
    timeline: events.map((event) => presentIncidentEvent(event, filesHost)),
    evidence: files,
    allowedTransitions: [...INCIDENT_TRANSITIONS[row.status as TIncidentStatus]],
  };
}

/** The members an incident at `stationId` may be assigned to. */
export async function listAssignees(db: Db, caller: Caller, stationId: number): Promise<TIncidentAssignees> {
  const station = await stationOfOrganization(db, caller.organizationId, stationId);
  if (!station || !callerSeesStation(caller, stationId)) throw notFound('Station');
  const rows = await stationMembers(db, caller.organizationId, stationId).execute();
  return {
    results: rows.map((row) => ({ id: row.id, name: personName(row.firstName, row.lastName) ?? '' })),
  };
}

type Recorded = { kind: string; data: Record<string, unknown>; audit: string };

/** Writes the timeline entry and the organisation's audit entry of one change. */
async function record(trx: Db, caller: Caller, incident: { id: number }, at: number, entry: Recorded) {
  const actor = { organizationId: caller.organizationId, actorUserId: caller.userId, at };
  await insertIncidentEvent(trx, { ...actor, incidentId: incident.id, kind: entry.kind }, entry.data);
  await recordAuditEvent(trx, {
    ...actor,
    action: entry.audit,
    target: `incident:${incident.id}`,
    data: entry.data,
  });
}

function domainEvent(row: IncidentRow, caller: Caller, at: number) {
  return {
    organizationId: row.organizationId,
    stationId: row.stationId,
    incidentId: row.id,
    number: row.number,
    incidentType: row.type as TIncidentType,
    group: INCIDENT_TYPE_GROUPS[row.type as TIncidentType],
    severity: row.severity as TIncidentSeverity,
    status: row.status as TIncidentStatus,
    slaDueAt: row.slaDueAt,
    title: row.title,
    actorUserId: caller.userId,
    at,
  };
}

/** Opens an incident (number = the organisation's next); publishes `incident.opened`. */
export async function createIncident(
  deps: IncidentsDeps,
  caller: Caller,
  input: TIncidentCreate,
): Promise<TIncidentDetail> {
  const body = ZIncidentCreate.parse(input);
  const { db } = deps;
  const station = await stationOfOrganization(db, caller.organizationId, body.stationId);
  if (!station || !callerSeesStation(caller, body.stationId)) throw notFound('Station');
  if (body.dispenserId != null && !(await dispenserOfStation(db, body.stationId, body.dispenserId))) {
    const message = 'is not a dispenser of the station';
    throw new AppError('VALIDATION_FAILED', `Invalid body: dispenserId ${message}`, [
      { path: 'dispenserId', message },
    ]);
  }
  const at = deps.now();
  let id = 0;
  // Two incidents opened at once may pick the same number; the unique index makes one retry.
  for (let attempt = 0; ; attempt++) {
    try {
      id = await db.transaction().execute(async (trx) => {
        const number = await nextIncidentNumber(trx, caller.organizationId);
        const created = await insertIncident(trx, {
          organizationId: caller.organizationId,
          stationId: body.stationId,
          dispenserId: body.dispenserId ?? null,
          number,
          group: INCIDENT_TYPE_GROUPS[body.type],
          type: body.type,
          severity: body.severity,
          status: 'open',
          title: body.title,
          description: body.description,
          assigneeUserId: null,
          openedAt: at,
          acknowledgedAt: null,
          resolvedAt: null,
          closedAt: null,
          slaDueAt: resolveDueAt(body.severity, at),
          createdAt: at,
          updatedAt: at,
        });
        await record(trx, caller, { id: created }, at, {
          kind: 'opened',
          data: { source: 'user', number, severity: body.severity, type: body.type },
          audit: 'incident.opened',
        });
        return created;
      });
      break;
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
  const detail = await getIncidentDetail(db, caller, id, at, deps.filesHost, deps.evidence);
  const row = await findIncident(db, caller, id);
  if (row) deps.events.publish({ type: 'incident.opened', ...domainEvent(row, caller, at) });
  return detail;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Runs one change of an incident in a transaction: reads it (404 outside the caller's scope),
 * lets `change` check and write it, and answers the fresh detail. `change` returns the domain
 * event to publish after the commit, if any.
 */
async function change(
  deps: IncidentsDeps,
  caller: Caller,
  id: number,
  apply: (trx: Db, row: IncidentRow, at: number) => Promise<DomainEvent | null>,
): Promise<TIncidentDetail> {
  const at = deps.now();
  const event = await deps.db.transaction().execute(async (trx) => {
    const row = await findIncident(trx, caller, id);
    if (!row) throw notFound('Incident');
    return apply(trx, row, at);
  });
  if (event) deps.events.publish(event);
  return getIncidentDetail(deps.db, caller, id, at, deps.filesHost, deps.evidence);
}

/** Guards a write against a concurrent status change (409) and bumps `updatedAt`. */
async function updateOrConflict(
  trx: Db,
  row: IncidentRow,
  values: Parameters<typeof updateIncident>[3],
  at: number,
) {
  const ok = await updateIncident(trx, row.id, row.status as TIncidentStatus, { ...values, updatedAt: at });
  if (!ok) throw conflict('The incident changed meanwhile; reload it and try again');
}

function assertNotClosed(row: IncidentRow) {
  if (row.status === 'closed') throw conflict('The incident is closed; reopen it to change it');
}

/** Moves the incident along its lifecycle (409 CONFLICT for a move the lifecycle does not allow). */
export function transitionIncident(
  deps: IncidentsDeps,
  caller: Caller,
  id: number,
  input: TIncidentTransition,
): Promise<TIncidentDetail> {
  return change(deps, caller, id, async (trx, row, at) => {
    const from = row.status as TIncidentStatus;
    const { to } = input;
    if (!INCIDENT_TRANSITIONS[from].includes(to)) {
      throw conflict(`An incident cannot move from ${from} to ${to}`);
    }
    const severity = row.severity as TIncidentSeverity;
    const values =
      to === 'open'
        ? {
            status: to,
            acknowledgedAt: null,
            resolvedAt: null,
            closedAt: null,
            slaDueAt: resolveDueAt(severity, at),
          }
        : to === 'acknowledged'
          ? { status: to, acknowledgedAt: at }
          : to === 'resolved'
            ? { status: to, resolvedAt: at }
            : { status: to, closedAt: at };
    await updateOrConflict(trx, row, values, at);
    const kind = to === 'open' ? 'reopened' : to;
    const note = input.note?.trim();
    await record(trx, caller, row, at, {
      kind,
      data: { from, to, ...(note ? { note } : {}) },
      audit: `incident.${kind}`,
    });
    return to === 'open'
      ? { type: 'incident.escalated', reason: 'reopened', ...domainEvent({ ...row, ...values }, caller, at) }
      : null;
  });
}

/**
 * Assigns the incident to a member of the organisation who can work at its station (or unassigns
 * with null): 404 for someone outside the organisation, 400 for a member without the station.
 */
export function assignIncident(
  deps: IncidentsDeps,
  caller: Caller,
  id: number,
  input: TIncidentAssign,
): Promise<TIncidentDetail> {
  return change(deps, caller, id, async (trx, row, at) => {
    assertNotClosed(row);
    const to = input.assigneeUserId;
    if (to === row.assigneeUserId) return null;
    let assigneeName: string | null = null;
    if (to !== null) {
      const member = await stationMembers(trx, caller.organizationId, row.stationId, to).executeTakeFirst();
      if (!member) {
        if (!(await isOrganizationMember(trx, caller.organizationId, to))) throw notFound('Member');
        const message = 'is not an active member with access to the station';
        throw new AppError('VALIDATION_FAILED', `Invalid body: assigneeUserId ${message}`, [
          { path: 'assigneeUserId', message },
        ]);
      }
      assigneeName = personName(member.firstName, member.lastName);
    }
    await updateOrConflict(trx, row, { assigneeUserId: to }, at);
    await record(trx, caller, row, at, {
      kind: 'assigned',
      data: { assigneeUserId: to, assigneeName, fromUserId: row.assigneeUserId },
      audit: 'incident.assigned',
    });
    return null;
  });
}

/** Adds a note to the timeline. */
export function addIncidentNote(
  deps: IncidentsDeps,
  caller: Caller,
  id: number,
  input: TIncidentNote,
): Promise<TIncidentDetail> {
  return change(deps, caller, id, async (trx, row, at) => {
    assertNotClosed(row);
    await updateOrConflict(trx, row, {}, at);
    await record(trx, caller, row, at, {
      kind: 'comment',
      data: { text: input.text.trim() },
      audit: 'incident.commented',
    });
    return null;
  });
}

/**
 * Changes the severity: the SLA clock keeps its start and both due times follow the new targets.
 * Raising it publishes `incident.escalated`.
 */
export function changeIncidentSeverity(
  deps: IncidentsDeps,
  caller: Caller,
  id: number,
  input: TIncidentSeverityChange,
): Promise<TIncidentDetail> {
  return change(deps, caller, id, async (trx, row, at) => {
    assertNotClosed(row);
    const from = row.severity as TIncidentSeverity;
    const to = input.severity;
    if (from === to) return null;
    const slaDueAt = resolveDueAt(to, slaStart(from, row.slaDueAt));
    await updateOrConflict(trx, row, { severity: to, slaDueAt }, at);
    await record(trx, caller, row, at, {
      kind: 'severity_changed',
      data: { from, to },
      audit: 'incident.severity_changed',
    });
    return isSeverityRaise(from, to)
      ? {
          type: 'incident.escalated',
          reason: 'severity_raised',
          previousSeverity: from,
          ...domainEvent({ ...row, severity: to, slaDueAt }, caller, at),
        }
      : null;
  });
}

export { record as recordIncidentChange };
