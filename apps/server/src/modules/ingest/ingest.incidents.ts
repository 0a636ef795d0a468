import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import { openSystemIncident, type SystemIncident } from '../incidents/system-incidents';
import { type StationAssets, watchlistedRegistrations } from './ingest.repository';
import type { Committed } from './ingest.service';

/** A lane queue at least this long opens a congestion incident; this long or more makes it high. */
export const QUEUE_ALERT_LENGTH = 7;
export const QUEUE_HIGH_LENGTH = 9;

/**
 * The incidents a committed batch reveals, opened by the system (see system-incidents.ts for the
 * repeat rule and the `incident.opened` event that notifies people):
 * - a dispenser reported `offline`: its controller link was lost (high);
 * - a dispenser reported `fault` (medium);
 * - a queue sample of {@link QUEUE_ALERT_LENGTH} or more vehicles on a lane;
 * - a fill or camera read of a watchlisted vehicle (high; one incident per vehicle).
 * Only what the batch newly wrote counts: a resent batch opens nothing.
 */
export function detectIncidents(
  committed: Committed,
  assets: StationAssets,
  watchlisted: ReadonlySet<string>,
): Omit<SystemIncident, 'organizationId' | 'stationId'>[] {
  const found: Omit<SystemIncident, 'organizationId' | 'stationId'>[] = [];
  const codes = new Map(assets.dispensers.map((dispenser) => [dispenser.id, dispenser.code]));
  for (const report of committed.appliedStates) {
    if (report.kind !== 'dispenser') continue;
    const code = codes.get(report.dispenserId) ?? String(report.dispenserId);
    if (report.status === 'offline') {
      found.push({
        type: 'dispenser_fault',
        severity: 'high',
        dispenserId: report.dispenserId,
        title: `Dispenser ${code}: controller link lost`,
        description: `Dispenser ${code} stopped answering the forecourt controller.`,
        data: { reason: 'controller link lost', status: report.status },
        sameAs: 'type',
      });
    } else if (report.status === 'fault') {
      found.push({
        type: 'dispenser_fault',
        severity: 'medium',
        dispenserId: report.dispenserId,
        title: `Dispenser ${code} reported a fault`,
        description: `Dispenser ${code} reported a fault to the forecourt controller.`,
        data: { status: report.status },
        sameAs: 'type',
      });
    }
  }

  let worst: Committed['congestionSamples'][number] | null = null;
  for (const sample of committed.congestionSamples) {
    if (!worst || sample.queueLength > worst.queueLength) worst = sample;
  }
  if (worst && worst.queueLength >= QUEUE_ALERT_LENGTH) {
    found.push({
      type: 'queue_congestion',
      severity: worst.queueLength >= QUEUE_HIGH_LENGTH ? 'high' : 'medium',
      title: `Queue of ${worst.queueLength} vehicles on lane ${worst.lane}`,
      description: `The queue on lane ${worst.lane} reached ${worst.queueLength} vehicles (alert at ${QUEUE_ALERT_LENGTH}).`,
      data: { lane: worst.lane, queueLength: worst.queueLength },
      sameAs: 'type',
    });
  }

  for (const registration of seenRegistrations(committed)) {
    if (!watchlisted.has(registration)) continue;
    found.push({
      type: 'anpr_watchlist_hit',
      severity: 'high',
      title: `Watchlisted vehicle ${registration} at the station`,
      description: `${registration} is on the organisation's watchlist and was just seen at the station.`,
      data: { registration },
      sameAs: 'title',
    });
  }
  return found;
}

/** The registrations of the batch's new fills and camera reads, once each. */
export function seenRegistrations(committed: Committed): string[] {
  const seen = new Set<string>();
  for (const fill of committed.transactions) if (fill.vehicleRegistration) seen.add(fill.vehicleRegistration);
  for (const sighting of committed.sightings) seen.add(sighting.registration);
  return [...seen];
}

/** Detects and opens the batch's incidents; answers the ids opened (repeats are skipped). */
export async function openBatchIncidents(
  deps: { db: Db; events: DomainEventBus },
  committed: Committed,
  assets: StationAssets,
  now: number,
): Promise<number[]> {
  const watchlisted = await watchlistedRegistrations(
    deps.db,
    committed.target.organizationId,
    seenRegistrations(committed),
  );
  const opened: number[] = [];
  for (const incident of detectIncidents(committed, assets, watchlisted)) {
    const id = await openSystemIncident(deps, { ...committed.target, ...incident }, now);
    if (id !== null) opened.push(id);
  }
  return opened;
}
