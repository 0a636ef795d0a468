import {
  type TStationProfileItem,
  ZApiError,
  ZStationProfileDetail,
  ZStationProfileList,
  ZStationProfileListQuery,
  ZStationProfileUpdate,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { CSV_BATCH, type CsvColumn, sendCsv, wantsCsv } from '../../http/csv-export';
import { getProfile, listProfiles, putProfile, type StationProfilesDeps } from './station-profiles.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZSlugParams = z.object({ slug: z.string().min(1).max(200) });

const CSV_COLUMNS: CsvColumn<TStationProfileItem>[] = [
  { key: 'station', value: (row) => row.stationName },
  { key: 'slug', value: (row) => row.stationSlug },
  { key: 'displayName', value: (row) => row.displayName },
  { key: 'published', value: (row) => row.isPublished },
  { key: 'amenities', value: (row) => row.amenities.join(' ') },
  { key: 'phone', value: (row) => row.phone },
  { key: 'email', value: (row) => row.email },
  { key: 'photos', value: (row) => row.photos.length },
  { key: 'createdAt', value: (row) => row.createdAt },
  { key: 'updatedAt', value: (row) => row.updatedAt },
  { key: 'description', value: (row) => row.description },
];

/** `/api/station-profiles` and `/api/stations/:slug/profile`: the public face of stations. */
export function stationProfilesRoutes(deps: StationProfilesDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/station-profiles',
      {
        config: { grant: 'stations:r' },
        schema: {
          tags: ['station-profiles'],
          summary: 'Profiles of the visible stations, newest first, 40 a page (format=csv exports all)',
          querystring: ZStationProfileListQuery,
          response: { 200: ZStationProfileList, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'station-profiles',
            columns: CSV_COLUMNS,
            now: now(),
            fetchPage: async (cursor) => {
              const page = cursor === undefined ? 0 : Number(cursor);
              const list = await listProfiles(
                db,
                caller,
                { ...request.query, page, limit: CSV_BATCH },
                deps.filesHost,
              );
              const more = list.results.length === CSV_BATCH;
              return { results: list.results, ...(more ? { nextCursor: String(page + 1) } : {}) };
            },
          });
        }
        return listProfiles(db, caller, request.query, deps.filesHost);
      },
    );

    app.get(
      '/api/stations/:slug/profile',
      {
        config: { grant: 'stations:r' },
        schema: {
          tags: ['station-profiles'],
          summary: 'The station’s public profile with its audit trail (404 when it has none yet)',
          params: ZSlugParams,
          response: { 200: ZStationProfileDetail, ...errors },
        },
      },
      (request) => getProfile(db, requireCaller(request), request.params.slug, deps.filesHost),
    );

    app.put(
      '/api/stations/:slug/profile',
      {
        config: { grant: 'stations:u' },
        schema: {
          tags: ['station-profiles'],
          summary: 'Replace (or create) the station’s profile; 409 when it changed since expectedUpdatedAt',
          params: ZSlugParams,
          body: ZStationProfileUpdate,
          response: { 200: ZStationProfileDetail, ...errors },
        },
      },
      (request) => putProfile(deps, requireCaller(request), request.params.slug, request.body),
    );
  };
}
