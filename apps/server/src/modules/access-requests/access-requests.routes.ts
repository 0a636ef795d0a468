import {
  type TStationAccessRequestItem,
  ZApiError,
  ZRequestableStations,
  ZRequestDecision,
  ZStationAccessRequestCreate,
  ZStationAccessRequestDetail,
  ZStationAccessRequestPage,
  ZStationAccessRequestPageQuery,
  ZStationAccessRequestParams,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { CSV_BATCH, type CsvColumn, sendCsv, wantsCsv } from '../../http/csv-export';
import type { AccessRequestsDeps } from './access-requests.deps';
import {
  cancelAccessRequest,
  createAccessRequest,
  DECIDE_GRANT,
  decideAccessRequest,
  getAccessRequestDetail,
  listAccessRequests,
  requestableStations,
} from './access-requests.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

const CSV_COLUMNS: CsvColumn<TStationAccessRequestItem>[] = [
  { key: 'id', value: (row) => row.id },
  { key: 'createdAt', value: (row) => row.createdAt },
  { key: 'station', value: (row) => row.stationName },
  { key: 'requester', value: (row) => row.requesterName },
  { key: 'requesterEmail', value: (row) => row.requesterEmail },
  { key: 'message', value: (row) => row.message },
  { key: 'status', value: (row) => row.status },
  { key: 'reason', value: (row) => row.reason },
  { key: 'decidedAt', value: (row) => row.decidedAt },
  { key: 'decidedBy', value: (row) => row.decidedByName },
];

/**
 * `/api/access-requests`: members ask for stations they cannot see; admins (`members:u`) approve,
 * which adds the station to the member's list, or reject with a reason.
 */
export function accessRequestsRoutes(deps: AccessRequestsDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/access-requests',
      {
        config: { grant: 'requests:r' },
        schema: {
          tags: ['access-requests'],
          summary:
            'Station access requests, newest first: all of the organisation for admins, the own for members (format=csv exports all)',
          querystring: ZStationAccessRequestPageQuery,
          response: { 200: ZStationAccessRequestPage, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'access-requests',
            columns: CSV_COLUMNS,
            now: now(),
            fetchPage: (cursor) =>
              listAccessRequests(db, caller, { ...request.query, page: 0, limit: CSV_BATCH, cursor }),
          });
        }
        return listAccessRequests(db, caller, request.query);
      },
    );

    app.get(
      '/api/access-requests/stations',
      {
        config: { grant: 'requests:c' },
        schema: {
          tags: ['access-requests'],
          summary: 'Stations of the organisation the caller cannot see yet (what a request may ask for)',
          response: { 200: ZRequestableStations, ...errors },
        },
      },
      (request) => requestableStations(db, requireCaller(request)),
    );

    app.get(
      '/api/access-requests/:id',
      {
        config: { grant: 'requests:r' },
        schema: {
          tags: ['access-requests'],
          summary: 'One request with its audit trail',
          params: ZStationAccessRequestParams,
          response: { 200: ZStationAccessRequestDetail, ...errors },
        },
      },
      (request) => getAccessRequestDetail(db, requireCaller(request), request.params.id),
    );

    app.post(
      '/api/access-requests',
      {
        config: { grant: 'requests:c' },
        schema: {
          tags: ['access-requests'],
          summary: 'Ask for access to a station (publishes access_request.created)',
          body: ZStationAccessRequestCreate,
          response: { 201: ZStationAccessRequestDetail, ...errors },
        },
      },
      async (request, reply) => {
        const detail = await createAccessRequest(deps, requireCaller(request), request.body);
        return reply.status(201).send(detail);
      },
    );

    app.post(
      '/api/access-requests/:id/decision',
      {
        config: { grant: DECIDE_GRANT },
        schema: {
          tags: ['access-requests'],
          summary:
            'Approve (adds the station to the member) or reject with a reason (publishes access_request.decided)',
          params: ZStationAccessRequestParams,
          body: ZRequestDecision,
          response: { 200: ZStationAccessRequestDetail, ...errors },
        },
      },
      (request) => decideAccessRequest(deps, requireCaller(request), request.params.id, request.body),
    );

    app.post(
      '/api/access-requests/:id/cancel',
      {
        config: { grant: 'requests:c' },
        schema: {
          tags: ['access-requests'],
          summary: 'The requester withdraws a pending request',
          params: ZStationAccessRequestParams,
          response: { 200: ZStationAccessRequestDetail, ...errors },
        },
      },
      (request) => cancelAccessRequest(deps, requireCaller(request), request.params.id),
    );
  };
}
