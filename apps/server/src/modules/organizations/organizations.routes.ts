import {
  type TOrganization,
  ZApiError,
  ZOrganizationDetail,
  ZOrganizationList,
  ZOrganizationListQuery,
  ZOrganizationUpdate,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { type CsvColumn, numberedPages, sendCsv, wantsCsv } from '../../http/csv-export';
import {
  getCurrentOrganization,
  getOrganizations,
  type OrganizationsDeps,
  patchCurrentOrganization,
} from './organizations.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

const CSV_COLUMNS: CsvColumn<TOrganization>[] = [
  { key: 'name', value: (row) => row.name },
  { key: 'slug', value: (row) => row.slug },
  { key: 'kind', value: (row) => row.kind },
  { key: 'isFuelProvider', value: (row) => row.isFuelProvider },
  { key: 'fuels', value: (row) => row.fuels.join(' ') },
  { key: 'createdAt', value: (row) => row.createdAt },
];

/** `/api/organizations`: the organisations the user belongs to, and the current one's settings. */
export function organizationsRoutes(deps: OrganizationsDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/organizations',
      {
        config: { grant: 'organizations:r' },
        schema: {
          tags: ['organizations'],
          summary: 'Organisations you are a member of, by name, 40 a page (format=csv exports all)',
          querystring: ZOrganizationListQuery,
          response: { 200: ZOrganizationList, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'organizations',
            columns: CSV_COLUMNS,
            now: now(),
            fetchPage: numberedPages((page, limit) =>
              getOrganizations(db, caller, { ...request.query, page, limit }),
            ),
          });
        }
        return getOrganizations(db, caller, request.query);
      },
    );

    app.get(
      '/api/organizations/current',
      {
        config: { grant: 'organizations:r' },
        schema: {
          tags: ['organizations'],
          summary: 'The organisation of the session, with station and member counts and its audit trail',
          response: { 200: ZOrganizationDetail, ...errors },
        },
      },
      (request) => getCurrentOrganization(db, requireCaller(request)),
    );

    app.patch(
      '/api/organizations/current',
      {
        config: { grant: 'organizations:u' },
        schema: {
          tags: ['organizations'],
          summary: 'Rename the organisation or set the fuels it sells (admins)',
          body: ZOrganizationUpdate,
          response: { 200: ZOrganizationDetail, ...errors },
        },
      },
      (request) => patchCurrentOrganization(deps, requireCaller(request), request.body),
    );
  };
}
