import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { resolveRequestWindow } from './request-window';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('resolveRequestWindow', () => {
  it('resolves a window given by both dates once, whatever the clock, and shares it frozen', () => {
    const query = { startDate: '2026-11-20T18:30:00.000Z', endDate: '2026-11-21T18:30:00.000Z' };
    const first = resolveRequestWindow('transactions', query, now);
    const later = resolveRequestWindow('transactions', { ...query }, now + 5 * HOUR);
    expect(later).toBe(first);
    expect(first).toMatchObject({ startMs: Date.parse(query.startDate), endMs: Date.parse(query.endDate) });
    expect(first.window).toMatchObject({ ...query, update: false });
    expect(Object.isFrozen(first) && Object.isFrozen(first.window)).toBe(true);
    // Another screen or step is another window.
    expect(resolveRequestWindow('payments', query, now)).not.toBe(first);
    const hourly = resolveRequestWindow('transactions', { ...query, frequency: '1h' }, now);
    expect(hourly.window.frequency).toBe('1h');
  });

  it('resolves windows relative to now afresh each time', () => {
    const a = resolveRequestWindow('transactions', {}, now);
    const b = resolveRequestWindow('transactions', {}, now + HOUR);
    expect(b.endMs - a.endMs).toBe(HOUR);
    expect(a.window.update).toBe(true);
    const open = resolveRequestWindow('transactions', { startDate: '2026-11-22T00:00:00.000Z' }, now);
    expect(open.endMs).toBe(now);
  });

  it('refuses a bad window every time (refusals are not cached)', () => {
    const query = { startDate: '2026-11-21T18:30:00.000Z', endDate: '2026-11-20T18:30:00.000Z' };
    for (let i = 0; i < 2; i++) {
      expect(() => resolveRequestWindow('transactions', query, now)).toThrow(AppError);
    }
  });
});
