import {
  type TStation,
  ZApiError,
  ZNearbyStations,
  ZNearbyStationsQuery,
  ZStation,
  ZStationCreateRequest,
  ZStationList,
  ZStationListQuery,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { requireCaller } from '../../http/caller';
import { type CsvColumn, numberedPages, sendCsv, wantsCsv } from '../../http/csv-export';
import { createStation } from './station-create.service';
import { getNearbyStations, getStation, getStationList } from './stations.service';

export const ZStationSlugParams = z.object({ slug: z.string().min(1).max(120) });

/** The columns of the stations CSV export. */
const CSV_COLUMNS: CsvColumn<TStation>[] = [
  { key: 'name', value: (row) => row.name },
  { key: 'code', value: (row) => row.code },
  { key: 'slug', value: (row) => row.slug },
  { key: 'status', value: (row) => row.status },
  { key: 'fuelProvider', value: (row) => row.fuelProvider },
  { key: 'fuels', value: (row) => row.fuels.join(' ') },
  { key: 'city', value: (row) => row.city },
  { key: 'state', value: (row) => row.state },
  { key: 'address', value: (row) => row.address },
  { key: 'pincode', value: (row) => row.pincode },
  { key: 'lat', header: 'Latitude', value: (row) => row.lat },
  { key: 'lng', header: 'Longitude', value: (row) => row.lng },
  { key: 'dispenserCount', header: 'Dispensers', value: (row) => row.dispenserCount },
  { key: 'openedOn', value: (row) => row.openedOn },
];

export function stationsRoutes(db: Db, now: () => number = Date.now): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations',
      {
        config: { grant: 'stations:r' },
        schema: {
          tags: ['stations'],
          summary: 'List the stations the caller can see (format=csv exports every match)',
          querystring: ZStationListQuery,
          response: { 200: ZStationList, 400: ZApiError, 401: ZApiError, 403: ZApiError },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'stations',
            columns: CSV_COLUMNS,
            now: now(),
            fetchPage: numberedPages((page, limit) =>
              getStationList(db, caller, { ...request.query, page, limit }),
            ),
          });
        }
        return getStationList(db, caller, request.query);
      },
    );

    app.post(
      '/api/stations',
      {
        config: { grant: 'stations:c' },
        schema: {
          tags: ['stations'],
          summary: 'Add a station with its dispensers and nozzles',
          body: ZStationCreateRequest,
          response: { 201: ZStation, 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createStation(db, requireCaller(request), request.body, now())),
    );

    app.get(
      '/api/stations/:slug',
      {
        config: { grant: 'stations:r' },
        schema: {
          tags: ['stations'],
          summary: 'One station by slug',
          params: ZStationSlugParams,
          response: { 200: ZStation, 401: ZApiError, 403: ZApiError, 404: ZApiError },
        },
      },
      (request) => getStation(db, requireCaller(request), request.params.slug),
    );

    app.get(
      '/api/stations/:slug/nearby',
      {
        config: { grant: 'stations:r' },
        schema: {
          tags: ['stations'],
          summary: 'The stations the caller sees nearest to this one, with distances in metres',
          params: ZStationSlugParams,
          querystring: ZNearbyStationsQuery,
          response: {
            200: ZNearbyStations,
            400: ZApiError,
            401: ZApiError,
            403: ZApiError,
            404: ZApiError,
          },
        },
      },
      (request) => getNearbyStations(db, requireCaller(request), request.params.slug, request.query),
    );
  };
}
