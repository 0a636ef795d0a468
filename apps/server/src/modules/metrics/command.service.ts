import {
  COMMAND_RANKED_STATIONS,
  COMMAND_TICKER_ROWS,
  STATION_STATUSES,
  type TCommandCentre,
  type TCommandQuery,
  type TCommandStation,
  type TStationStatus,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { countVehiclesServed, openIncidentsByStation } from './activity.repository';
import { latestOpenIncidents, latestTransactions, scopeStations } from './command.repository';
import { kpiComparison } from './comparison';
import { summarise } from './kpis';
import { salesBy } from './sales.repository';

/**
 * The network command centre over every station the caller sees (screen `command`: 24 hours, at
 * most 180 days): KPIs and per-station takings from the hourly rollup, stations by status for the
 * map, the top and bottom stations by revenue, and the newest fills and open incidents.
 */
export async function getCommandCentre(
  db: Db,
  scope: Scope,
  query: TCommandQuery,
  now: number,
): Promise<TCommandCentre> {
  const { window, startMs, endMs } = resolveRequestWindow('command', query, now);
  const range = { startMs, endMs };
  // One pass grouped by station, fuel and mode gives both the KPIs and each station's takings.
  const [sales, vehiclesServed, incidents, stationRows, transactions, openIncidents, comparison] =
    await Promise.all([
      salesBy(db, scope, range, { station: true, fuel: true, mode: true }),
      countVehiclesServed(db, scope, range),
      openIncidentsByStation(db, scope),
      scopeStations(db, scope),
      latestTransactions(db, scope, COMMAND_TICKER_ROWS),
      latestOpenIncidents(db, scope, COMMAND_TICKER_ROWS),
      kpiComparison(db, scope, range),
    ]);
  const takings = new Map<number | null, { amountPaise: number; transactions: number }>();
  for (const row of sales) {
    const station = takings.get(row.stationId) ?? { amountPaise: 0, transactions: 0 };
    station.amountPaise += row.amountPaise;
    station.transactions += row.transactions;
    takings.set(row.stationId, station);
  }
  const stations: TCommandStation[] = stationRows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    status: row.status as TStationStatus,
    lat: row.lat,
    lng: row.lng,
    revenuePaise: takings.get(row.id)?.amountPaise ?? 0,
    transactions: takings.get(row.id)?.transactions ?? 0,
    openIncidents: incidents.get(row.id) ?? 0,
  }));
  const ranked = stations
    .filter((station) => station.status !== 'closed')
    .sort((a, b) => b.revenuePaise - a.revenuePaise || a.name.localeCompare(b.name));
  let openTotal = 0;
  for (const n of incidents.values()) openTotal += n;
  return {
    window,
    kpis: { ...summarise(sales), vehiclesServed, openIncidents: openTotal },
    comparison,
    stationsByStatus: STATION_STATUSES.map((status) => ({
      status,
      count: stations.filter((station) => station.status === status).length,
    })),
    stations,
    top: ranked.slice(0, COMMAND_RANKED_STATIONS),
    bottom: ranked.slice(-COMMAND_RANKED_STATIONS).reverse(),
    latestTransactions: transactions,
    latestIncidents: openIncidents,
  };
}
