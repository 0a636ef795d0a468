import { describe, expect, it } from 'vitest';
import { backoffSince, digestKeyValue, digestKind, digestStepVariables, digestWindowEnd } from './digest';

/** The digest rules the wait engine applies, without a database. */

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const MINUTE = 60_000;

describe('digest logic', () => {
  it('tells regular, backoff and timed digests apart', () => {
    expect(digestKind({})).toBe('regular');
    expect(digestKind({ type: 'regular', backoff: true })).toBe('backoff');
    expect(digestKind({ type: 'backoff' })).toBe('backoff');
    expect(digestKind({ type: 'timed' })).toBe('timed');
    expect(digestKind({ type: 'scheduled' })).toBe('timed');
    expect(digestKind({ timed: { mode: 'scheduled' } })).toBe('timed');
  });

  it('groups events by the payload value at the digest key', () => {
    expect(digestKeyValue({}, { stationId: 4 })).toBeNull();
    expect(digestKeyValue({ digestKey: 'stationId' }, { stationId: 4 })).toBe('4');
    expect(digestKeyValue({ digestKey: 'payload.station.name' }, { station: { name: 'Andheri' } })).toBe(
      'Andheri',
    );
    expect(digestKeyValue({ digestKey: 'stationId' }, {})).toBe('');
    expect(digestKeyValue({ digestKey: 'station' }, { station: { id: 1 } })).toBe('{"id":1}');
  });

  it('closes a regular window after its amount and unit, and looks back over the backoff window', () => {
    expect(digestWindowEnd({ amount: 5, unit: 'minutes' }, NOW)).toBe(NOW + 5 * MINUTE);
    expect(digestWindowEnd({}, NOW)).toBe(NOW);
    expect(backoffSince({ amount: 10, unit: 'minutes' }, NOW)).toBe(NOW - 10 * MINUTE);
    expect(backoffSince({ amount: 10, unit: 'minutes', backoffAmount: 2, backoffUnit: 'hours' }, NOW)).toBe(
      NOW - 120 * MINUTE,
    );
  });

  it('gives the steps after a digest its events, and others none', () => {
    const results = [
      { stepIndex: 1, events: [{ n: 1 }, { n: 2 }] },
      { stepIndex: 3, events: [{ n: 3 }] },
    ];
    expect(digestStepVariables(results, 0)).toEqual({ digest: false, events: [], total_count: 0 });
    expect(digestStepVariables(results, 2)).toEqual({
      digest: true,
      events: [{ n: 1 }, { n: 2 }],
      total_count: 2,
    });
    expect(digestStepVariables(results, 4)).toEqual({ digest: true, events: [{ n: 3 }], total_count: 1 });
    expect(digestStepVariables(undefined, 4)).toEqual({ digest: false, events: [], total_count: 0 });
  });
});
