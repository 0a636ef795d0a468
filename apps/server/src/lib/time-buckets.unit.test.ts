import { describe, expect, it } from 'vitest';
import { DAY_MS, dayBucket, HOUR_MS, hourBucket, splitWindow, stepStart } from './time-buckets';

const IST = 19_800_000;
const at = (iso: string) => Date.parse(iso);

describe('IST buckets and window splits', () => {
  it('buckets hours and days on IST boundaries', () => {
    expect(hourBucket(at('2026-11-22T10:29:59Z'))).toBe(at('2026-11-22T09:30:00Z'));
    expect(hourBucket(at('2026-11-22T10:30:00Z'))).toBe(at('2026-11-22T10:30:00Z'));
    expect(dayBucket(at('2026-11-22T18:29:00Z'))).toBe(at('2026-11-21T18:30:00Z'));
    expect(dayBucket(at('2026-11-22T18:30:00Z'))).toBe(at('2026-11-22T18:30:00Z'));
    // Weeks start on Monday at IST midnight (23 November 2026 is a Monday).
    expect(stepStart(at('2026-11-26T12:00:00Z'), 7 * DAY_MS)).toBe(at('2026-11-22T18:30:00Z'));
  });

  it('splits a window into whole days, whole hours and raw edges that tile it exactly', () => {
    const start = at('2026-11-19T07:12:34Z');
    const end = at('2026-11-22T11:05:00Z');
    const split = splitWindow(start, end);
    expect(split.raw).toEqual([
      [start, at('2026-11-19T07:30:00Z')],
      [at('2026-11-22T10:30:00Z'), end],
    ]);
    expect(split.days).toEqual([[at('2026-11-19T18:30:00Z'), at('2026-11-21T18:30:00Z')]]);
    expect(split.hours).toEqual([
      [at('2026-11-19T07:30:00Z'), at('2026-11-19T18:30:00Z')],
      [at('2026-11-21T18:30:00Z'), at('2026-11-22T10:30:00Z')],
    ]);
    const covered = [...split.raw, ...split.days, ...split.hours].reduce((sum, [a, b]) => sum + (b - a), 0);
    expect(covered).toBe(end - start);
    for (const [a, b] of split.days) expect([(a + IST) % DAY_MS, (b + IST) % DAY_MS]).toEqual([0, 0]);
    for (const [a, b] of split.hours) expect([(a + IST) % HOUR_MS, (b + IST) % HOUR_MS]).toEqual([0, 0]);
  });

  it('reads short or hour-stepped windows without the daily rollup, and raw when asked', () => {
    const start = at('2026-11-22T07:10:00Z');
    expect(splitWindow(start, start + 40 * 60_000)).toEqual({
      days: [],
      hours: [],
      raw: [[start, start + 40 * 60_000]],
    });
    const hourly = splitWindow(at('2026-11-19T07:30:00Z'), at('2026-11-22T07:30:00Z'), 'hour');
    expect(hourly).toEqual({
      days: [],
      hours: [[at('2026-11-19T07:30:00Z'), at('2026-11-22T07:30:00Z')]],
      raw: [],
    });
    expect(splitWindow(1, 10 * DAY_MS, 'raw')).toEqual({ days: [], hours: [], raw: [[1, 10 * DAY_MS]] });
  });
});
