import { describe, expect, it } from 'vitest';
import { isoToIstInput, istInputToIso } from './ist-input';
import { frequencyChoices, liveRefreshMs, resolveTimeWindow } from './resolve';
import { ZTimeWindowSearch } from './search';

// 2026-11-22 10:30 IST
const NOW = Date.parse('2026-11-22T05:00:00.000Z');

describe('resolveTimeWindow', () => {
  it('opens on the screen default span, live, with an automatic step', () => {
    const resolved = resolveTimeWindow('stationMetrics', {}, NOW);
    expect(resolved.mode).toBe('default');
    expect(resolved.label).toBe('Last 24 hours');
    expect(resolved.window.endDate).toBe('2026-11-22T05:00:00.000Z');
    expect(resolved.window.startDate).toBe('2026-11-21T05:00:00.000Z');
    expect(resolved.window.update).toBe(true);
    expect(resolved.window.frequency).toBe('1h');
    expect(resolved.manualFrequency).toBe(false);
    expect(resolved.error).toBeNull();
  });

  it('keeps a rolling span relative to now, so a shared link shows the latest data', () => {
    const later = NOW + 86_400_000;
    const resolved = resolveTimeWindow('sales', { span: '7d' }, later);
    expect(resolved.mode).toBe('span');
    expect(resolved.label).toBe('Last 7 days');
    expect(resolved.window.endDate).toBe(new Date(later).toISOString());
    expect(Date.parse(resolved.window.endDate) - Date.parse(resolved.window.startDate)).toBe(7 * 86_400_000);
  });

  it('resolves calendar presets in IST and shows a running period up to now', () => {
    const today = resolveTimeWindow('stationMetrics', { preset: 'today' }, NOW);
    expect(today.window.startDate).toBe('2026-11-21T18:30:00.000Z');
    expect(today.window.endDate).toBe('2026-11-22T05:00:00.000Z');
    expect(today.window.update).toBe(true);
    const yesterday = resolveTimeWindow('stationMetrics', { preset: 'yesterday' }, NOW);
    expect(yesterday.window.startDate).toBe('2026-11-20T18:30:00.000Z');
    expect(yesterday.window.endDate).toBe('2026-11-21T18:30:00.000Z');
    expect(yesterday.window.update).toBe(false);
  });

  it('checks "today" against the whole day, so it is allowed early in the morning', () => {
    const justAfterMidnight = Date.parse('2026-11-21T18:40:00.000Z');
    expect(resolveTimeWindow('stationMetrics', { preset: 'today' }, justAfterMidnight).error).toBeNull();
  });

  it('takes a fixed range as given and is not live', () => {
    const resolved = resolveTimeWindow(
      'transactions',
      { startDate: '2026-04-01T00:00:00+05:30', endDate: '2026-04-02T00:00:00+05:30' },
      NOW,
    );
    expect(resolved.mode).toBe('custom');
    expect(resolved.window.update).toBe(false);
    expect(resolved.window.startDate).toBe('2026-03-31T18:30:00.000Z');
    expect(resolved.label).toContain('–');
    expect(resolved.label).not.toContain('now');
  });

  it('names both days of a fixed window that spans days, even when it ends today', () => {
    // Live turned off over the last 24 hours: 21 Nov 10:30 am – 22 Nov 10:30 am.
    const resolved = resolveTimeWindow(
      'stationMetrics',
      { startDate: '2026-11-21T05:00:00.000Z', endDate: '2026-11-22T05:00:00.000Z' },
      NOW,
    );
    expect(resolved.label).toBe('21 Nov, 10:30 am – 22 Nov, 10:30 am');
  });

  it('names the day once for a fixed window within one day, and the year when it is not this one', () => {
    expect(
      resolveTimeWindow(
        'stationMetrics',
        { startDate: '2026-11-22T01:00:00.000Z', endDate: '2026-11-22T04:00:00.000Z' },
        NOW,
      ).label,
    ).toBe('22 Nov, 6:30 am – 9:30 am');
    expect(
      resolveTimeWindow(
        'stationMetrics',
        { startDate: '2025-12-31T12:00:00.000Z', endDate: '2026-01-01T12:00:00.000Z' },
        NOW,
      ).label,
    ).toBe('31 Dec 2025, 5:30 pm – 1 Jan, 5:30 pm');
  });

  it('picks a readable step for the window unless one was picked by hand', () => {
    const step = (span: string) => resolveTimeWindow('stationMetrics', { span }, NOW).window.frequency;
    expect(step('1h')).toBe('5m');
    expect(step('24h')).toBe('1h');
    expect(step('7d')).toBe('6h');
    expect(step('30d')).toBe('1d');
    expect(resolveTimeWindow('stationMetrics', { span: '24h', frequency: '15m' }, NOW).window.frequency).toBe(
      '15m',
    );
  });

  it('follows now when a range has no end', () => {
    const resolved = resolveTimeWindow('transactions', { startDate: '2026-11-22T00:00:00+05:30' }, NOW);
    expect(resolved.window.update).toBe(true);
    expect(resolved.label).toMatch(/– now$/);
  });

  it('explains a window longer than the screen allows with the API wording', () => {
    const resolved = resolveTimeWindow('payments', { span: '180d' }, NOW);
    expect(resolved.error?.code).toBe('WINDOW_TOO_LONG');
    expect(resolved.error?.message).toBe('The window can be at most 93 days for this screen');
  });

  it('rejects a hand-picked step finer than the screen allows', () => {
    const resolved = resolveTimeWindow('customers', { frequency: '5m' }, NOW);
    expect(resolved.manualFrequency).toBe(true);
    expect(resolved.error?.message).toMatch(/no finer than 30 minutes/);
  });
});

describe('frequencyChoices', () => {
  it('offers steps from the screen minimum up, within the point limit and shorter than the window', () => {
    const day = resolveTimeWindow('stationMetrics', {}, NOW).window;
    expect(frequencyChoices('stationMetrics', day)).toEqual([
      '1m',
      '5m',
      '15m',
      '30m',
      '1h',
      '3h',
      '6h',
      '12h',
    ]);
    const customers = resolveTimeWindow('customers', { span: '7d' }, NOW).window;
    expect(frequencyChoices('customers', customers)[0]).toBe('30m');
  });

  it('leaves out sub-hour steps for windows over a week (the API reads raw rows for them)', () => {
    const quarter = resolveTimeWindow('sales', { span: '90d' }, NOW).window;
    const choices = frequencyChoices('sales', quarter);
    expect(choices).not.toContain('30m');
    expect(choices).toContain('1h');
    expect(choices).toContain('1w');
  });
});

describe('liveRefreshMs', () => {
  it('moves short windows more often than long ones', () => {
    const hour = resolveTimeWindow('default', {}, NOW).window;
    const month = resolveTimeWindow('command', { span: '30d' }, NOW).window;
    expect(liveRefreshMs(hour)).toBeLessThan(liveRefreshMs(month));
  });
});

describe('address-bar state', () => {
  it('drops values that are not valid instead of failing', () => {
    expect(ZTimeWindowSearch.parse({ span: 'forever', preset: 'someday', frequency: '5m' })).toEqual({
      span: undefined,
      preset: undefined,
      startDate: undefined,
      endDate: undefined,
      frequency: '5m',
    });
  });
});

describe('IST inputs', () => {
  it('reads the custom range fields as IST whatever the browser zone', () => {
    expect(istInputToIso('2026-04-01T06:30')).toBe('2026-04-01T01:00:00.000Z');
    expect(isoToIstInput('2026-04-01T01:00:00.000Z')).toBe('2026-04-01T06:30');
  });

  it('refuses impossible or incomplete dates', () => {
    expect(istInputToIso('2026-02-30T10:00')).toBeNull();
    expect(istInputToIso('2026-04-01')).toBeNull();
    expect(istInputToIso('')).toBeNull();
  });
});
