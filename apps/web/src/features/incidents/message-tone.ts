import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type TIncidentSeverity,
  type TIncidentStatus,
} from '@forecourt/contracts';
import { incidentUrgency, type TUrgencyTone, URGENCY_LABELS } from './urgency';

/** What the urgency of an incident needs: its severity, status and SLA deadline (ISO). */
export type TIncidentState = { severity: TIncidentSeverity; status: TIncidentStatus; slaDueAt: string };

/**
 * The incidents open or acknowledged, by id, as the dashboard read them at `readAt` (epoch ms);
 * `complete` when that read listed every one: an incident missing from a complete read made after
 * its message was sent is resolved or closed (a message newer than the read speaks for itself).
 */
export type TLiveIncidents = {
  byId: ReadonlyMap<number, TIncidentState>;
  complete: boolean;
  readAt: number;
};

/** What the tone reads of an inbox message. */
export type TToneMessage = { payload?: Record<string, unknown>; createdAt?: string };

/** The tone an inbox item of an incident takes, in the shape the inbox widget takes it. */
export type TIncidentMessageTone = { tone: TUrgencyTone; label: string };

const isSeverity = (value: unknown): value is TIncidentSeverity =>
  (INCIDENT_SEVERITIES as readonly unknown[]).includes(value);
const isStatus = (value: unknown): value is TIncidentStatus =>
  (INCIDENT_STATUSES as readonly unknown[]).includes(value);

/** The incident a message's payload speaks of (the incident workflows' payload), or null. */
export function incidentOfPayload(
  payload: Record<string, unknown> | undefined,
): ({ id: number } & TIncidentState) | null {
  const id = payload?.incidentId;
  if (typeof id !== 'number' || !isSeverity(payload?.severity)) return null;
  return {
    id,
    severity: payload.severity,
    // Messages sent before the payload carried them: open, with no deadline known.
    status: isStatus(payload.status) ? payload.status : 'open',
    slaDueAt: typeof payload.slaDueAt === 'string' ? payload.slaDueAt : '',
  };
}

/**
 * The urgency of an incident's inbox message, by the same rule as the incidents list
 * ({@link incidentUrgency}): from the incident as it is now when the dashboard knows it (`live`),
 * else from what the message carried. Messages of anything but an incident have no tone.
 */
export function incidentMessageTone(
  message: TToneMessage,
  live: TLiveIncidents | null,
  now: number,
): TIncidentMessageTone | null {
  const sent = incidentOfPayload(message.payload);
  if (!sent) return null;
  const current = live?.byId.get(sent.id);
  const sentAt = Date.parse(message.createdAt ?? '');
  if (!current && live?.complete && sentAt <= live.readAt) return { tone: 'done', label: 'Resolved' };
  const state = current ?? sent;
  const due = Date.parse(state.slaDueAt);
  const tone = incidentUrgency(state.severity, Number.isNaN(due) ? null : due - now, state.status);
  if (tone === 'done') return { tone, label: state.status === 'closed' ? 'Closed' : 'Resolved' };
  // The message's text names the severity; the label names the urgency.
  return { tone, label: URGENCY_LABELS[tone] };
}
