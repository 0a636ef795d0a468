import { describe, expect, it } from 'vitest';
import { addTime, delayDueAt } from './delay';
import { backoffSince, digestKeyValue, digestKind, digestStepVariables } from './digest';
import { atTimeOfDay, nextTimedRun, ordinalDayOfMonth } from './digest-schedule';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
/** Wednesday 15 January 2025, 10:07:30 UTC. */
const NOW = at('2025-01-15T10:07:30.000Z');

describe('time units', () => {
  it('adds fixed units and calendar months (clamped to the month’s last day)', () => {
    expect(iso(addTime(NOW, 90, 'seconds'))).toBe('2025-01-15T10:09:00.000Z');
    expect(iso(addTime(NOW, 2, 'weeks'))).toBe('2025-01-29T10:07:30.000Z');
    expect(iso(addTime(at('2025-01-31T08:00:00Z'), 1, 'months'))).toBe('2025-02-28T08:00:00.000Z');
    expect(iso(addTime(at('2024-12-15T08:00:00Z'), 2, 'months'))).toBe('2025-02-15T08:00:00.000Z');
    expect(iso(addTime(NOW, -1, 'days'))).toBe('2025-01-14T10:07:30.000Z');
  });

  it('delays: amount + unit, or the payload date of a scheduled delay', () => {
    expect(delayDueAt({ amount: 3, unit: 'hours' }, {}, NOW)).toEqual({
      ok: true,
      runAt: NOW + 3 * 3_600_000,
    });
    expect(delayDueAt({}, {}, NOW)).toEqual({ ok: true, runAt: NOW });
    expect(
      delayDueAt({ type: 'scheduled', delayPath: 'at.when' }, { at: { when: '2025-02-01T00:00:00Z' } }, NOW),
    ).toEqual({ ok: true, runAt: at('2025-02-01T00:00:00Z') });
    expect(delayDueAt({ type: 'scheduled', delayPath: 'x' }, { x: 'soon' }, NOW).ok).toBe(false);
  });
});

describe('digest settings', () => {
  it('kinds, keys and the backoff window', () => {
    expect(digestKind({})).toBe('regular');
    expect(digestKind({ type: 'backoff' })).toBe('backoff');
    expect(digestKind({ type: 'regular', backoff: true })).toBe('backoff');
    expect(digestKind({ type: 'timed' })).toBe('timed');
    expect(digestKind({ timed: { mode: 'scheduled' } })).toBe('timed');
    expect(digestKeyValue({}, { a: 1 })).toBeNull();
    expect(digestKeyValue({ digestKey: 'station.id' }, { station: { id: 7 } })).toBe('7');
    expect(digestKeyValue({ digestKey: 'payload.kind' }, { kind: 'x' })).toBe('x');
    expect(digestKeyValue({ digestKey: 'missing' }, {})).toBe('');
    expect(backoffSince({ amount: 5, unit: 'minutes', backoffAmount: 30, backoffUnit: 'seconds' }, NOW)).toBe(
      NOW - 30_000,
    );
  });

  it('template variables of the steps after a digest', () => {
    const results = [{ stepIndex: 1, events: [{ n: 1 }, { n: 2 }] }];
    expect(digestStepVariables(results, 2)).toEqual({
      digest: true,
      events: [{ n: 1 }, { n: 2 }],
      total_count: 2,
    });
    expect(digestStepVariables(results, 0)).toEqual({ digest: false, events: [], total_count: 0 });
    expect(digestStepVariables(undefined, 3).digest).toBe(false);
  });
});

describe('scheduled digest times (UTC)', () => {
  it('reads HH:mm', () => {
    expect(atTimeOfDay('09:30')).toBe(9.5 * 3_600_000);
    expect(atTimeOfDay('25:00')).toBe(0);
    expect(atTimeOfDay(undefined)).toBe(0);
  });

  it('every N minutes / hours on the multiples counted from midnight', () => {
    expect(iso(nextTimedRun(NOW, { type: 'timed', amount: 15, unit: 'minutes' }))).toBe(
      '2025-01-15T10:15:00.000Z',
    );
    expect(iso(nextTimedRun(NOW, { type: 'timed', amount: 5, unit: 'hours' }))).toBe(
      '2025-01-15T15:00:00.000Z',
    );
    expect(iso(nextTimedRun(at('2025-01-15T22:00:00Z'), { type: 'timed', amount: 5, unit: 'hours' }))).toBe(
      '2025-01-16T00:00:00.000Z',
    );
  });

  it('every N days at a time', () => {
    const daily = { type: 'timed' as const, amount: 1, unit: 'days' as const, timed: { atTime: '09:00' } };
    expect(iso(nextTimedRun(NOW, daily))).toBe('2025-01-16T09:00:00.000Z');
    expect(iso(nextTimedRun(NOW, { ...daily, timed: { atTime: '18:00' } }))).toBe('2025-01-15T18:00:00.000Z');
    expect(iso(nextTimedRun(NOW, { ...daily, amount: 3 }))).toBe('2025-01-18T09:00:00.000Z');
  });

  it('weeks: weekday lists, weekday / weekend kinds, every other week', () => {
    const weekly = (weekDays: string[], amount = 1) =>
      iso(
        nextTimedRun(NOW, {
          type: 'timed',
          amount,
          unit: 'weeks',
          timed: { weekDays: weekDays as never, atTime: '08:00' },
        }),
      );
    expect(weekly(['monday', 'friday'])).toBe('2025-01-17T08:00:00.000Z');
    expect(weekly(['monday'])).toBe('2025-01-20T08:00:00.000Z');
    expect(weekly(['monday'], 2)).toBe('2025-01-27T08:00:00.000Z');
    expect(weekly(['weekend'])).toBe('2025-01-18T08:00:00.000Z');
    expect(weekly(['weekday'])).toBe('2025-01-16T08:00:00.000Z');
    expect(weekly([])).toBe('2025-01-22T08:00:00.000Z');
  });

  it('months: days of the month, or a month position and day kind', () => {
    const monthly = (timed: Record<string, unknown>, amount = 1) =>
      iso(nextTimedRun(NOW, { type: 'timed', amount, unit: 'months', timed: { atTime: '06:00', ...timed } }));
    expect(monthly({ monthlyType: 'each', monthDays: [1, 20] })).toBe('2025-01-20T06:00:00.000Z');
    expect(monthly({ monthlyType: 'each', monthDays: [1] })).toBe('2025-02-01T06:00:00.000Z');
    expect(monthly({ monthlyType: 'each', monthDays: [31] })).toBe('2025-01-31T06:00:00.000Z');
    expect(monthly({ monthlyType: 'each', monthDays: [1] }, 3)).toBe('2025-04-01T06:00:00.000Z');
    expect(monthly({ monthlyType: 'on', ordinal: 'last', ordinalValue: 'friday' })).toBe(
      '2025-01-31T06:00:00.000Z',
    );
    expect(monthly({ monthlyType: 'on', ordinal: '1', ordinalValue: 'monday' })).toBe(
      '2025-02-03T06:00:00.000Z',
    );
    expect(monthly({ monthlyType: 'on', ordinal: '3', ordinalValue: 'weekday' })).toBe(
      '2025-02-05T06:00:00.000Z',
    );
    expect(monthly({ monthlyType: 'on', ordinal: 'last', ordinalValue: 'weekend' })).toBe(
      '2025-01-26T06:00:00.000Z',
    );
    expect(monthly({ monthlyType: 'on', ordinal: 'last', ordinalValue: 'day' })).toBe(
      '2025-01-31T06:00:00.000Z',
    );
    // No fifth Monday in February 2025: March has one (31st).
    expect(
      iso(
        nextTimedRun(at('2025-02-01T00:00:00Z'), {
          type: 'timed',
          unit: 'months',
          timed: { ordinal: '5', ordinalValue: 'monday' },
        }),
      ),
    ).toBe('2025-03-31T00:00:00.000Z');
    expect(ordinalDayOfMonth(2025, 1, '5', 'monday')).toBeNull();
  });
});
