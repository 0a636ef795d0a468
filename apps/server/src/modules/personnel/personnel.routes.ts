import {
  type TPersonnelItem,
  ZApiError,
  ZNetworkPersonnelPageQuery,
  ZPersonnelCreate,
  ZPersonnelDetail,
  ZPersonnelPage,
  ZPersonnelPageQuery,
  ZPersonnelParams,
  ZPersonnelUpdate,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { CSV_BATCH, type CsvColumn, sendCsv, wantsCsv } from '../../http/csv-export';
import {
  createPersonnel,
  getPersonnelDetail,
  listNetworkPersonnel,
  listStationPersonnel,
  type PersonnelDeps,
  setPersonnelActive,
  updatePersonnelRecord,
} from './personnel.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZSlugParams = z.object({ slug: z.string().min(1).max(120) });

const CSV_COLUMNS: CsvColumn<TPersonnelItem>[] = [
  { key: 'id', value: (row) => row.id },
  { key: 'station', value: (row) => row.stationName },
  { key: 'name', value: (row) => row.name },
  { key: 'role', value: (row) => row.role },
  { key: 'shift', value: (row) => row.shift },
  { key: 'status', value: (row) => row.status },
  { key: 'phone', value: (row) => row.phone },
  { key: 'joinedOn', value: (row) => row.joinedOn },
  { key: 'createdAt', value: (row) => row.createdAt },
];

/** Station staff: the station's list and the network's, the detail with its audit trail, and the writes. */
export function personnelRoutes(deps: PersonnelDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/stations/:slug/personnel',
      {
        config: { grant: 'personnel:r' },
        schema: {
          tags: ['personnel'],
          summary: "The station's staff, 20 a page, oldest record first (format=csv exports all)",
          params: ZSlugParams,
          querystring: ZPersonnelPageQuery,
          response: { 200: ZPersonnelPage, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const { slug } = request.params;
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: `${slug}-personnel`,
            columns: CSV_COLUMNS,
            now: now(),
            fetchPage: (cursor) =>
              listStationPersonnel(db, caller, slug, { ...request.query, page: 0, limit: CSV_BATCH, cursor }),
          });
        }
        return listStationPersonnel(db, caller, slug, request.query);
      },
    );

    app.get(
      '/api/personnel',
      {
        config: { grant: 'personnel:r' },
        schema: {
          tags: ['personnel'],
          summary: 'Staff of every visible station (or of `station`), oldest record first (format=csv)',
          querystring: ZNetworkPersonnelPageQuery,
          response: { 200: ZPersonnelPage, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'personnel',
            columns: CSV_COLUMNS,
            now: now(),
            fetchPage: (cursor) =>
              listNetworkPersonnel(db, caller, { ...request.query, page: 0, limit: CSV_BATCH, cursor }),
          });
        }
        return listNetworkPersonnel(db, caller, request.query);
      },
    );

    app.get(
      '/api/personnel/:id',
      {
        config: { grant: 'personnel:r' },
        schema: {
          tags: ['personnel'],
          summary: 'One member of staff with the audit trail',
          params: ZPersonnelParams,
          response: { 200: ZPersonnelDetail, ...errors },
        },
      },
      (request) => getPersonnelDetail(db, requireCaller(request), request.params.id),
    );

    app.post(
      '/api/stations/:slug/personnel',
      {
        config: { grant: 'personnel:c' },
        schema: {
          tags: ['personnel'],
          summary: "Add someone to the station's staff",
          params: ZSlugParams,
          body: ZPersonnelCreate,
          response: { 201: ZPersonnelDetail, ...errors },
        },
      },
      async (request, reply) => {
        const detail = await createPersonnel(deps, requireCaller(request), request.params.slug, request.body);
        return reply.status(201).send(detail);
      },
    );

    app.patch(
      '/api/personnel/:id',
      {
        config: { grant: 'personnel:u' },
        schema: {
          tags: ['personnel'],
          summary: 'Edit name, role, phone (Indian mobile), shift, status or joining date',
          params: ZPersonnelParams,
          body: ZPersonnelUpdate,
          response: { 200: ZPersonnelDetail, ...errors },
        },
      },
      (request) => updatePersonnelRecord(deps, requireCaller(request), request.params.id, request.body),
    );

    for (const [verb, active] of [
      ['deactivate', false],
      ['reactivate', true],
    ] as const) {
      app.post(
        `/api/personnel/:id/${verb}`,
        {
          config: { grant: 'personnel:u' },
          schema: {
            tags: ['personnel'],
            summary: active ? 'Make an inactive person active again' : 'Mark as inactive (left the station)',
            params: ZPersonnelParams,
            response: { 200: ZPersonnelDetail, ...errors },
          },
        },
        (request) => setPersonnelActive(deps, requireCaller(request), request.params.id, active),
      );
    }
  };
}
