import { directionsUrl, type TStationOverview, type TStationOverviewQuery } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { StationRow } from '../../db/schema';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { countOpenIncidents, countVehiclesServed } from './activity.repository';
import { kpiComparison } from './comparison';
import { summarise } from './kpis';
import { salesBy } from './sales.repository';

/**
 * A station's overview tiles for the window (screen `command`: 24 hours, at most 180 days): sales
 * by fuel and payment mode from the hourly rollup, vehicles served from the sightings index, open
 * incidents, the previous period and the trend (comparison.ts), and where the station is.
 */
export async function getStationOverview(
  db: Db,
  station: StationRow,
  scope: Scope,
  query: TStationOverviewQuery,
  now: number,
): Promise<TStationOverview> {
  const { window, startMs, endMs } = resolveRequestWindow('command', query, now);
  const range = { startMs, endMs };
  const [sales, vehiclesServed, openIncidents, comparison] = await Promise.all([
    salesBy(db, scope, range, { fuel: true, mode: true }),
    countVehiclesServed(db, scope, range),
    countOpenIncidents(db, scope),
    kpiComparison(db, scope, range),
  ]);
  return {
    window,
    kpis: { ...summarise(sales), vehiclesServed, openIncidents },
    comparison,
    location: {
      lat: station.lat,
      lng: station.lng,
      directionsUrl: directionsUrl({ lat: station.lat, lng: station.lng }),
    },
  };
}
