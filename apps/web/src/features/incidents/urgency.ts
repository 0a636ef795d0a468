import type { TIncidentSeverity, TIncidentStatus } from '@forecourt/contracts';

/**
 * How urgent an incident is, as one tone every list uses for its colour (incidents list, command
 * centre, station pages): `urgent` red, `high` orange, `elevated` yellow, `normal` grey, `done`
 * teal. The rule (docs/DISPLAY-RULES.md, "Incident urgency"):
 * - resolved or closed: done;
 * - past its SLA: urgent;
 * - 15 minutes or less left: urgent when high or critical, otherwise high;
 * - an hour or less left: one step above the severity's own tone;
 * - otherwise the severity's own tone: critical urgent, high high, medium elevated, low normal.
 */
export type TUrgencyTone = 'urgent' | 'high' | 'elevated' | 'normal' | 'done';

const ORDER: TUrgencyTone[] = ['normal', 'elevated', 'high', 'urgent'];
const BY_SEVERITY: Record<TIncidentSeverity, TUrgencyTone> = {
  low: 'normal',
  medium: 'elevated',
  high: 'high',
  critical: 'urgent',
};

export const URGENCY_COLORS: Record<TUrgencyTone, string> = {
  urgent: 'red',
  high: 'orange',
  elevated: 'yellow',
  normal: 'gray',
  done: 'teal',
};

/** Words for the tone, for screen readers and tooltips. */
export const URGENCY_LABELS: Record<TUrgencyTone, string> = {
  urgent: 'Urgent',
  high: 'High urgency',
  elevated: 'Needs attention',
  normal: 'Routine',
  done: 'Done',
};

const MINUTE = 60_000;

/** The tone of an incident of `severity` in `status` with `timeLeftMs` to its SLA (null: none running). */
export function incidentUrgency(
  severity: TIncidentSeverity,
  timeLeftMs: number | null,
  status: TIncidentStatus,
): TUrgencyTone {
  if (status === 'resolved' || status === 'closed') return 'done';
  const own = BY_SEVERITY[severity];
  if (timeLeftMs === null) return own;
  if (timeLeftMs < 0) return 'urgent';
  if (timeLeftMs <= 15 * MINUTE) return severity === 'high' || severity === 'critical' ? 'urgent' : 'high';
  if (timeLeftMs <= 60 * MINUTE)
    return ORDER[Math.min(ORDER.indexOf(own) + 1, ORDER.length - 1)] as TUrgencyTone;
  return own;
}

/** The Mantine colour of {@link incidentUrgency}. */
export const urgencyColor = (...args: Parameters<typeof incidentUrgency>): string =>
  URGENCY_COLORS[incidentUrgency(...args)];
