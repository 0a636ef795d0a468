import { INCIDENT_TYPE_GROUPS, type TIncidentSeverity, type TIncidentType } from '@forecourt/contracts';
import type { SeedContext, StationModel } from './context';
import type { Random } from './random';
import { HOUR, MINUTE } from './time';

/**
 * Incidents of every type with realistic lifecycles: opened by the system, then acknowledged and
 * assigned, resolved and usually closed, each step only if its time has already passed by `now`,
 * so old incidents are closed and recent ones still open. Every step is an incident_events row.
 * Types, groups, statuses and severities are the contracts' (INCIDENT_TYPE_GROUPS…).
 */
export type IncidentType = TIncidentType;
type Severity = TIncidentSeverity;

const SLA: Record<Severity, number> = { critical: HOUR, high: 4 * HOUR, medium: 24 * HOUR, low: 72 * HOUR };
const ACK: Record<Severity, readonly [number, number]> = {
  critical: [2, 15],
  high: [5, 45],
  medium: [15, 180],
  low: [60, 1_440],
};

export type IncidentInput = {
  station: StationModel;
  type: IncidentType;
  severity: Severity;
  openedAt: number;
  title: string;
  description: string;
  dispenserId?: number | null;
  data?: Record<string, unknown>;
  /** Keep the incident open (an ongoing fault). */
  ongoing?: boolean;
};

type EventRow = [number, number, number, number, number | null, string, string];

export class IncidentLog {
  private readonly events: EventRow[] = [];
  count = 0;

  constructor(private readonly ctx: SeedContext) {}

  open(rng: Random, input: IncidentInput): void {
    const { ctx } = this;
    const { station, severity, openedAt } = input;
    const org = station.org;
    const id = ctx.ids.next('incidents');
    const number = org.incidentNumber++;
    const staff = org.staff;
    const assignee = rng.pick(staff);
    const [ackMin, ackMax] = ACK[severity];
    const ackAt = openedAt + rng.int(ackMin, ackMax) * MINUTE;
    const resolveAt = ackAt + rng.int(20, input.type === 'dispenser_fault' ? 2_880 : 720) * MINUTE;
    const closeAt = resolveAt + rng.int(6 * 60, 3 * 24 * 60) * MINUTE;
    const now = ctx.now;
    const acknowledged = ackAt < now && (!input.ongoing || rng.chance(0.5)) ? ackAt : null;
    // A few acknowledged incidents are never worked off: the backlog every operations team has.
    const stale = rng.chance(0.03);
    const resolved = !input.ongoing && !stale && acknowledged !== null && resolveAt < now ? resolveAt : null;
    const closed = resolved !== null && closeAt < now && rng.chance(0.85) ? closeAt : null;
    const status = closed ? 'closed' : resolved ? 'resolved' : acknowledged ? 'acknowledged' : 'open';
    const updated = closed ?? resolved ?? acknowledged ?? openedAt;
    ctx.sinks.incidents.push([
      id,
      org.id,
      station.id,
      input.dispenserId ?? null,
      number,
      INCIDENT_TYPE_GROUPS[input.type],
      input.type,
      severity,
      status,
      input.title,
      input.description,
      acknowledged ? (assignee?.id ?? null) : null,
      openedAt,
      acknowledged,
      resolved,
      closed,
      openedAt + SLA[severity],
      openedAt,
      updated,
    ]);
    this.count++;
    const event = (at: number, actor: number | null, kind: string, data: Record<string, unknown>) =>
      this.events.push([0, org.id, id, at, actor, kind, JSON.stringify(data)]);
    event(openedAt, null, 'opened', { source: SOURCES[input.type], ...input.data });
    if (acknowledged === null || !assignee) return;
    const lead = staff[0] ?? assignee;
    event(acknowledged, lead.id, 'assigned', { assigneeUserId: assignee.id, assigneeName: assignee.name });
    event(acknowledged + rng.int(0, 5) * MINUTE, assignee.id, 'acknowledged', {});
    if (rng.chance(0.5)) {
      const noteAt = acknowledged + rng.int(5, 60) * MINUTE;
      if (noteAt < (resolved ?? now))
        event(noteAt, assignee.id, 'comment', { text: rng.pick(NOTES[input.type]) });
    }
    if (resolved === null) return;
    event(resolved, assignee.id, 'resolved', { resolution: rng.pick(RESOLUTIONS[input.type]) });
    if (closed !== null) event(closed, lead.id, 'closed', {});
  }

  /** Events reference incidents, so they are written after the incidents are stored. */
  writeEvents(): number {
    for (const row of this.events) {
      row[0] = this.ctx.ids.next('incident_events');
      this.ctx.sinks.incident_events.push(row);
    }
    return this.events.length;
  }
}

const SOURCES: Record<IncidentType, string> = {
  dispenser_fault: 'forecourt_controller',
  price_mismatch: 'price_audit',
  queue_congestion: 'congestion_monitor',
  drive_off: 'anpr',
  anpr_watchlist_hit: 'anpr',
  safety: 'station_staff',
  payment_failure: 'payments_monitor',
};

const NOTES: Record<IncidentType, readonly string[]> = {
  dispenser_fault: ['Service engineer called, ETA two hours.', 'Nozzle taken out of service and tagged.'],
  price_mismatch: [
    'Controller did not pick up the 06:00 price push.',
    'Manual price entry checked with the DSM.',
  ],
  queue_congestion: ['Extra attendant moved to the lane.', 'Second nozzle opened for two-wheelers.'],
  drive_off: [
    'CCTV clip saved and shared with the local police station.',
    'Registration sent to the fleet owner.',
  ],
  anpr_watchlist_hit: [
    'Vehicle not fuelled as per the directive.',
    'Owner shown the pending challan details.',
  ],
  safety: ['Area cordoned and sand spread.', 'Staff briefed again on the safety drill.'],
  payment_failure: ['Acquirer confirmed a switch outage.', 'Customers moved to the static QR.'],
};

const RESOLUTIONS: Record<IncidentType, readonly string[]> = {
  dispenser_fault: [
    'Pulser replaced and calibration verified.',
    'Controller link restored.',
    'Display board replaced.',
  ],
  price_mismatch: ['Price re-synced from the controller.', 'Dispenser price corrected manually.'],
  queue_congestion: ['Queue cleared after the peak.', 'Traffic marshal deployed.'],
  drive_off: ['Amount recovered from the vehicle owner.', 'FIR lodged; loss booked to the shift.'],
  anpr_watchlist_hit: ['Vehicle turned away.', 'Flag cleared: PUC renewed on the spot.'],
  safety: ['Spill cleaned and area reopened.', 'Extinguishers refilled.'],
  payment_failure: ['Acquirer recovered; payments normal.', 'Terminal replaced.'],
};
