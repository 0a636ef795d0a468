import {
  ZRegistrationParams,
  ZVehicleDetail,
  ZVehicleDetailQuery,
  ZVehiclePage,
  ZVehiclePageQuery,
  ZVehicleSightingPage,
  ZVehicleSightingPageQuery,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { sendListCsv, wantsCsv } from '../../http/csv-export';
import { READ_ERRORS, type ReadDeps } from '../../http/read-route';
import { COMPILED_JSON } from '../../http/response-serializer';
import { networkScope, stationScope } from '../../lib/scope/scope';
import { ZStationSlugParams } from '../stations/stations.routes';
import { getVehicleDetail } from './vehicle-detail.service';
import { listSightings, listVehicles } from './vehicles.service';

export function vehiclesRoutes({ db, now }: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations/:slug/vehicles',
      {
        ...COMPILED_JSON,
        config: { grant: 'vehicles:r' },
        schema: {
          tags: ['operations'],
          summary: "Vehicles read by a station's ANPR cameras in a time window, latest first",
          params: ZStationSlugParams,
          querystring: ZVehicleSightingPageQuery,
          response: { 200: ZVehicleSightingPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: `${request.params.slug}-vehicles`,
            schema: ZVehicleSightingPage,
            now: at,
            list: (paging) => listSightings(db, scope, { ...request.query, ...paging }, at),
          });
        }
        return listSightings(db, scope, request.query, at);
      },
    );

    app.get(
      '/api/vehicles',
      {
        ...COMPILED_JSON,
        config: { grant: 'vehicles:r' },
        schema: {
          tags: ['operations'],
          summary: "The organisation's vehicles, latest visit first",
          querystring: ZVehiclePageQuery,
          response: { 200: ZVehiclePage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const scope = await networkScope(db, requireCaller(request));
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: 'vehicles',
            schema: ZVehiclePage,
            list: (paging) => listVehicles(db, scope, { ...request.query, ...paging }),
          });
        }
        return listVehicles(db, scope, request.query);
      },
    );

    app.get(
      '/api/vehicles/:registration',
      {
        ...COMPILED_JSON,
        config: { grant: 'vehicles:r' },
        schema: {
          tags: ['operations'],
          summary: 'One vehicle: fills across stations, sightings and challans',
          params: ZRegistrationParams,
          querystring: ZVehicleDetailQuery,
          response: { 200: ZVehicleDetail, ...READ_ERRORS },
        },
      },
      async (request) => {
        const scope = await networkScope(db, requireCaller(request));
        return getVehicleDetail(db, scope, request.params.registration, request.query, now());
      },
    );
  };
}
