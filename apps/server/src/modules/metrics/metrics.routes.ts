import {
  ZCommandCentre,
  ZCommandQuery,
  ZCongestionSamplePage,
  ZCongestionSamplePageQuery,
  ZCongestionSummary,
  ZCongestionSummaryQuery,
  ZSalesQuery,
  ZSalesSeries,
  ZStationMetrics,
  ZStationMetricsQuery,
  ZStationOverview,
  ZStationOverviewQuery,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { PLAIN_JSON, READ_ERRORS, type ReadDeps } from '../../http/read-route';
import { networkScope, stationScope } from '../../lib/scope/scope';
import { ZStationSlugParams } from '../stations/stations.routes';
import { getCommandCentre } from './command.service';
import { getCongestionSummary, listCongestionSamples } from './congestion.service';
import { getStationMetrics } from './metrics.service';
import { getStationOverview } from './overview.service';
import { getSalesSeries } from './sales.service';

/** Time-window aggregates: station overview, sales, metrics, congestion; the network command centre. */
export function metricsRoutes({ db, now }: ReadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const station = { tags: ['metrics'], params: ZStationSlugParams };

    app.get(
      '/api/stations/:slug/overview',
      {
        ...PLAIN_JSON,
        config: { grant: 'stations:r' },
        schema: {
          ...station,
          summary:
            'Station KPIs for a window: sales by fuel and payment mode, vehicles served, open incidents',
          querystring: ZStationOverviewQuery,
          response: { 200: ZStationOverview, ...READ_ERRORS },
        },
      },
      async (request) => {
        const found = await stationScope(db, requireCaller(request), request.params.slug);
        return getStationOverview(db, found.station, found.scope, request.query, now());
      },
    );

    app.get(
      '/api/stations/:slug/sales',
      {
        ...PLAIN_JSON,
        config: { grant: 'transactions:r' },
        schema: {
          ...station,
          summary: 'Sales over time by fuel and payment mode',
          querystring: ZSalesQuery,
          response: { 200: ZSalesSeries, ...READ_ERRORS },
        },
      },
      async (request) => {
        const { scope } = await stationScope(db, requireCaller(request), request.params.slug);
        return getSalesSeries(db, scope, request.query, now());
      },
    );

    app.get(
      '/api/stations/:slug/metrics',
      {
        ...PLAIN_JSON,
        config: { grant: 'stations:r' },
        schema: {
          ...station,
          summary: 'Volume, transactions, average ticket, vehicles and queue over time',
          querystring: ZStationMetricsQuery,
          response: { 200: ZStationMetrics, ...READ_ERRORS },
        },
      },
      async (request) => {
        const found = await stationScope(db, requireCaller(request), request.params.slug);
        return getStationMetrics(db, found.station.id, found.scope, request.query, now());
      },
    );

    app.get(
      '/api/stations/:slug/congestion',
      {
        ...PLAIN_JSON,
        config: { grant: 'stations:r' },
        schema: {
          ...station,
          summary: 'Lane queue samples in a window (keyset pages)',
          querystring: ZCongestionSamplePageQuery,
          response: { 200: ZCongestionSamplePage, ...READ_ERRORS },
        },
      },
      async (request) => {
        const found = await stationScope(db, requireCaller(request), request.params.slug);
        return listCongestionSamples(db, found.station.id, request.query, now());
      },
    );

    app.get(
      '/api/stations/:slug/congestion/summary',
      {
        ...PLAIN_JSON,
        config: { grant: 'stations:r' },
        schema: {
          ...station,
          summary: 'Queue length and wait per lane over the window, and the busiest hours',
          querystring: ZCongestionSummaryQuery,
          response: { 200: ZCongestionSummary, ...READ_ERRORS },
        },
      },
      async (request) => {
        const found = await stationScope(db, requireCaller(request), request.params.slug);
        return getCongestionSummary(db, found.station.id, request.query, now());
      },
    );

    app.get(
      '/api/command',
      {
        ...PLAIN_JSON,
        config: { grant: 'stations:r' },
        schema: {
          tags: ['metrics'],
          summary: 'Network command centre: KPIs, stations by status, top and bottom stations, tickers',
          querystring: ZCommandQuery,
          response: { 200: ZCommandCentre, ...READ_ERRORS },
        },
      },
      async (request) =>
        getCommandCentre(db, await networkScope(db, requireCaller(request)), request.query, now()),
    );
  };
}
