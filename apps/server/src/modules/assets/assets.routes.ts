import { ZDispenserRegistry, ZDispenserRegistryQuery, ZStationSchematic } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { PLAIN_JSON, READ_ERRORS, type ReadDeps } from '../../http/read-route';
import { stationScope } from '../../lib/scope/scope';
import { ZStationSlugParams } from '../stations/stations.routes';
import { getDispenserRegistry } from './registry.service';
import { getSchematic } from './schematic.service';

/** Station assets: the dispenser → nozzle registry and the forecourt schematic. */
export function assetsRoutes({ db, now }: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stations/:slug/dispensers',
      {
        ...PLAIN_JSON,
        config: { grant: 'assets:r' },
        schema: {
          tags: ['assets'],
          summary: 'Dispensers with their nozzles, last transaction and health in a window',
          params: ZStationSlugParams,
          querystring: ZDispenserRegistryQuery,
          response: { 200: ZDispenserRegistry, ...READ_ERRORS },
        },
      },
      async (request) => {
        const { station } = await stationScope(db, requireCaller(request), request.params.slug);
        return getDispenserRegistry(db, station.id, request.query, now());
      },
    );

    app.get(
      '/api/stations/:slug/schematic',
      {
        ...PLAIN_JSON,
        config: { grant: 'assets:r' },
        schema: {
          tags: ['assets'],
          summary: "The forecourt's lanes, dispensers and nozzles with each fuelling point's state",
          params: ZStationSlugParams,
          response: { 200: ZStationSchematic, ...READ_ERRORS },
        },
      },
      async (request) => {
        const { station } = await stationScope(db, requireCaller(request), request.params.slug);
        return getSchematic(db, station.id, now());
      },
    );
  };
}
