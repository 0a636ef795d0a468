import { describe, expect, it } from 'vitest';
import { incidentMessageTone, type TLiveIncidents } from './message-tone';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const opened = (payload: Record<string, unknown>, createdAt = iso(NOW - 10 * MINUTE)) => ({
  payload: { incidentId: 7, number: 7, title: 'Nozzle stuck', ...payload },
  createdAt,
});
const live = (rows: [number, Record<string, string>][], complete = true): TLiveIncidents => ({
  byId: new Map(rows.map(([id, row]) => [id, row as never])),
  complete,
  readAt: NOW - MINUTE,
});

describe('the urgency of an incident message', () => {
  it('is red for a critical incident with 5 minutes left, by the incidents list rule', () => {
    const message = opened({ severity: 'critical', status: 'open', slaDueAt: iso(NOW + 5 * MINUTE) });
    expect(incidentMessageTone(message, null, NOW)).toEqual({ tone: 'urgent', label: 'Urgent' });
  });

  it('follows the incident as it is now: raised, or resolved since the message', () => {
    const message = opened({ severity: 'low', status: 'open', slaDueAt: iso(NOW + 70 * 60 * MINUTE) });
    expect(incidentMessageTone(message, null, NOW)).toEqual({ tone: 'normal', label: 'Routine' });
    const raised = live([
      [7, { severity: 'critical', status: 'acknowledged', slaDueAt: iso(NOW + 5 * MINUTE) }],
    ]);
    expect(incidentMessageTone(message, raised, NOW)?.tone).toBe('urgent');
    const resolved = live([[7, { severity: 'critical', status: 'resolved', slaDueAt: iso(NOW - MINUTE) }]]);
    expect(incidentMessageTone(message, resolved, NOW)).toEqual({ tone: 'done', label: 'Resolved' });
    // Not among the open ones of a complete read made after the message: resolved or closed.
    expect(incidentMessageTone(message, live([]), NOW)).toEqual({ tone: 'done', label: 'Resolved' });
  });

  it('keeps what the message carried when the read is partial or older than the message', () => {
    const fresh = opened(
      { severity: 'high', status: 'open', slaDueAt: iso(NOW + 10 * MINUTE) },
      iso(NOW - 10_000),
    );
    expect(incidentMessageTone(fresh, live([]), NOW)).toEqual({ tone: 'urgent', label: 'Urgent' });
    const older = opened({ severity: 'medium', status: 'open', slaDueAt: iso(NOW + 30 * 60 * MINUTE) });
    expect(incidentMessageTone(older, live([], false), NOW)).toEqual({
      tone: 'elevated',
      label: 'Needs attention',
    });
  });

  it('gives no tone to messages about anything else', () => {
    expect(incidentMessageTone({ payload: { requestId: 3, stationName: 'Alpha' } }, null, NOW)).toBeNull();
    expect(incidentMessageTone({}, live([]), NOW)).toBeNull();
  });
});
