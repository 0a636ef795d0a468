import {
  type TIncidentItem,
  ZApiError,
  ZIncidentAssign,
  ZIncidentAssignees,
  ZIncidentAssigneesQuery,
  ZIncidentCreate,
  ZIncidentDetail,
  ZIncidentNote,
  ZIncidentPage,
  ZIncidentPageQuery,
  ZIncidentParams,
  ZIncidentSeverityChange,
  ZIncidentTransition,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { CSV_BATCH, type CsvColumn, sendCsv, wantsCsv } from '../../http/csv-export';
import type { IncidentsDeps } from './incidents.deps';
import {
  addIncidentNote,
  assignIncident,
  changeIncidentSeverity,
  createIncident,
  getIncidentDetail,
  listAssignees,
  listIncidents,
  transitionIncident,
} from './incidents.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** The columns of the incidents CSV export. */
const CSV_COLUMNS: CsvColumn<TIncidentItem>[] = [
  { key: 'number', value: (row) => row.number },
  { key: 'openedAt', value: (row) => row.openedAt },
  { key: 'station', value: (row) => row.stationName },
  { key: 'group', value: (row) => row.group },
  { key: 'type', value: (row) => row.type },
  { key: 'severity', value: (row) => row.severity },
  { key: 'status', value: (row) => row.status },
  { key: 'title', value: (row) => row.title },
  { key: 'assignee', value: (row) => row.assignee?.name ?? '' },
  { key: 'acknowledgedAt', value: (row) => row.acknowledgedAt },
  { key: 'resolvedAt', value: (row) => row.resolvedAt },
  { key: 'closedAt', value: (row) => row.closedAt },
  { key: 'acknowledgeDueAt', value: (row) => row.sla.acknowledge.dueAt },
  { key: 'acknowledgeSla', header: 'Acknowledge SLA', value: (row) => row.sla.acknowledge.state },
  { key: 'resolveDueAt', value: (row) => row.sla.resolve.dueAt },
  { key: 'resolveSla', header: 'Resolve SLA', value: (row) => row.sla.resolve.state },
  { key: 'description', value: (row) => row.description },
];

/** `/api/incidents`: the list (and its CSV), the detail with its timeline, and the workflow writes. */
export function incidentsRoutes(deps: IncidentsDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/incidents',
      {
        config: { grant: 'incidents:r' },
        schema: {
          tags: ['incidents'],
          summary: 'Incidents at the visible stations, newest first (keyset pages; format=csv exports all)',
          querystring: ZIncidentPageQuery,
          response: { 200: ZIncidentPage, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const at = now();
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'incidents',
            columns: CSV_COLUMNS,
            now: at,
            fetchPage: (cursor) =>
              listIncidents(
                db,
                caller,
                { ...request.query, page: 0, limit: CSV_BATCH, cursor },
                at,
                deps.filesHost,
              ),
          });
        }
        return listIncidents(db, caller, request.query, at, deps.filesHost);
      },
    );

    app.get(
      '/api/incidents/assignees',
      {
        config: { grant: 'incidents:r' },
        schema: {
          tags: ['incidents'],
          summary: 'Members an incident at the station may be assigned to',
          querystring: ZIncidentAssigneesQuery,
          response: { 200: ZIncidentAssignees, ...errors },
        },
      },
      (request) => listAssignees(db, requireCaller(request), request.query.station),
    );

    app.get(
      '/api/incidents/:id',
      {
        config: { grant: 'incidents:r' },
        schema: {
          tags: ['incidents'],
          summary: 'One incident with its SLA timers, timeline (audit trail) and evidence',
          params: ZIncidentParams,
          response: { 200: ZIncidentDetail, ...errors },
        },
      },
      (request) =>
        getIncidentDetail(
          db,
          requireCaller(request),
          request.params.id,
          now(),
          deps.filesHost,
          deps.evidence,
        ),
    );

    app.post(
      '/api/incidents',
      {
        config: { grant: 'incidents:c' },
        schema: {
          tags: ['incidents'],
          summary: 'Open an incident at a station (publishes incident.opened)',
          body: ZIncidentCreate,
          response: { 201: ZIncidentDetail, ...errors },
        },
      },
      async (request, reply) => {
        const detail = await createIncident(deps, requireCaller(request), request.body);
        return reply.status(201).send(detail);
      },
    );

    app.post(
      '/api/incidents/:id/status',
      {
        config: { grant: 'incidents:u' },
        schema: {
          tags: ['incidents'],
          summary: 'Move the incident along its lifecycle (409 when not allowed)',
          params: ZIncidentParams,
          body: ZIncidentTransition,
          response: { 200: ZIncidentDetail, ...errors },
        },
      },
      (request) => transitionIncident(deps, requireCaller(request), request.params.id, request.body),
    );

    app.post(
      '/api/incidents/:id/assignee',
      {
        config: { grant: 'incidents:u' },
        schema: {
          tags: ['incidents'],
          summary: 'Assign to a member with access to the station (null unassigns)',
          params: ZIncidentParams,
          body: ZIncidentAssign,
          response: { 200: ZIncidentDetail, ...errors },
        },
      },
      (request) => assignIncident(deps, requireCaller(request), request.params.id, request.body),
    );

    app.post(
      '/api/incidents/:id/notes',
      {
        config: { grant: 'incidents:u' },
        schema: {
          tags: ['incidents'],
          summary: 'Add a note to the timeline',
          params: ZIncidentParams,
          body: ZIncidentNote,
          response: { 200: ZIncidentDetail, ...errors },
        },
      },
      (request) => addIncidentNote(deps, requireCaller(request), request.params.id, request.body),
    );

    app.post(
      '/api/incidents/:id/severity',
      {
        config: { grant: 'incidents:u' },
        schema: {
          tags: ['incidents'],
          summary: 'Change the severity (raising it escalates)',
          params: ZIncidentParams,
          body: ZIncidentSeverityChange,
          response: { 200: ZIncidentDetail, ...errors },
        },
      },
      (request) => changeIncidentSeverity(deps, requireCaller(request), request.params.id, request.body),
    );
  };
}
