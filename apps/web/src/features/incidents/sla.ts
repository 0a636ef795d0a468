import type { TIncidentItem } from '@forecourt/contracts';
import { formatDuration } from '../../lib/format';
import { urgencyColor } from './urgency';

export type TSlaSummary = { label: string; color: string };

/**
 * The SLA timer that matters now, in words: the acknowledgement while an open incident awaits it,
 * otherwise the resolution; "Met" or "Breached" once the resolution timer stopped.
 */
export function slaSummary(incident: Pick<TIncidentItem, 'status' | 'sla' | 'severity'>): TSlaSummary {
  const { acknowledge, resolve } = incident.sla;
  const running = incident.status === 'open' && acknowledge.remainingMs !== null ? acknowledge : resolve;
  const what = running === acknowledge ? 'Acknowledge' : 'Resolve';
  if (running.remainingMs === null) {
    return running.state === 'met'
      ? { label: 'SLA met', color: 'teal' }
      : { label: 'SLA breached', color: 'orange' };
  }
  const span = formatDuration(Math.abs(running.remainingMs), { maxUnits: 2, style: 'short' });
  // A running timer is coloured by the incident's urgency (severity, time left, status).
  const color = urgencyColor(incident.severity, running.remainingMs, incident.status);
  return running.state === 'overdue'
    ? { label: `${what} overdue by ${span}`, color }
    : { label: `${what} within ${span}`, color };
}
