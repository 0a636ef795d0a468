import { describe, expect, it } from 'vitest';
import { ZApiError } from './errors';
import {
  autoFrequency,
  DEFAULT_MAX_POINTS,
  describeDurationToken,
  FREQUENCY_LADDER,
  financialYearLabel,
  financialYearStart,
  parseDurationToken,
  presetRange,
  presetsFor,
  resolveWindow,
  stepWindow,
  TIME_WINDOWS,
  type TTimeWindowScreen,
  toDurationToken,
  validateWindow,
  ZTimeWindow,
  ZTimeWindowQuery,
} from './time-window';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
// 15 March 2024, 10:00 IST = 04:30 UTC.
const NOW = Date.parse('2024-03-15T04:30:00Z');

describe('duration tokens', () => {
  it('parses every unit', () => {
    expect(parseDurationToken('30s')).toBe(30_000);
    expect(parseDurationToken('5m')).toBe(5 * MINUTE);
    expect(parseDurationToken('6h')).toBe(6 * HOUR);
    expect(parseDurationToken('180d')).toBe(180 * DAY);
    expect(parseDurationToken('1w')).toBe(7 * DAY);
    expect(parseDurationToken('999999w')).toBe(999_999 * 7 * DAY);
  });

  it('rejects malformed tokens', () => {
    for (const bad of ['', '0m', '-1h', '1.5h', '05m', '5 m', ' 5m', '1y', '5M', 'm', '1234567d', '1e3s']) {
      expect(parseDurationToken(bad), bad).toBeNull();
    }
  });

  it('writes milliseconds in the largest exact unit', () => {
    expect(toDurationToken(HOUR)).toBe('1h');
    expect(toDurationToken(90_000)).toBe('90s');
    expect(toDurationToken(90 * MINUTE)).toBe('90m');
    expect(toDurationToken(14 * DAY)).toBe('2w');
    expect(toDurationToken(180 * DAY)).toBe('180d');
  });

  it('has no token for non-positive, fractional-second or non-finite durations', () => {
    for (const bad of [0, -HOUR, 1500, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(toDurationToken(bad), String(bad)).toBeNull();
    }
  });

  it('round-trips the ladder', () => {
    for (const token of FREQUENCY_LADDER) {
      expect(toDurationToken(parseDurationToken(token) as number)).toBe(token);
    }
  });

  it('spells tokens out for messages', () => {
    expect(describeDurationToken('180d')).toBe('180 days');
    expect(describeDurationToken('1w')).toBe('1 week');
    expect(describeDurationToken('1h')).toBe('1 hour');
    expect(describeDurationToken('30m')).toBe('30 minutes');
    expect(describeDurationToken('1000d')).toBe('1,000 days');
    expect(describeDurationToken('junk')).toBe('junk');
  });
});

describe('TIME_WINDOWS', () => {
  const screens = Object.keys(TIME_WINDOWS) as TTimeWindowScreen[];
  const ms = (token: string) => parseDurationToken(token) as number;

  it('records the per-screen values', () => {
    expect(TIME_WINDOWS.default).toEqual({ defaultSpan: '1h', maxSpan: '1w', minInterval: '1h', step: '1m' });
    expect(TIME_WINDOWS.command).toMatchObject({ defaultSpan: '24h', maxSpan: '180d' });
    expect(TIME_WINDOWS.stationMetrics.defaultSpan).toBe('24h');
    expect(TIME_WINDOWS.stationVehicles).toMatchObject({ defaultSpan: '24h', maxSpan: '180d' });
    expect(TIME_WINDOWS.vehicle).toMatchObject({ defaultSpan: '24h', maxSpan: '180d' });
    expect(TIME_WINDOWS.challans).toMatchObject({ defaultSpan: '30d', maxSpan: '60d' });
    expect(TIME_WINDOWS.customers).toMatchObject({ defaultSpan: '14d', maxSpan: '180d', step: '30m' });
    expect(TIME_WINDOWS.transactions.maxSpan).toBe('366d');
    expect(TIME_WINDOWS.sales.maxSpan).toBe('180d');
    expect(TIME_WINDOWS.payments).toMatchObject({ defaultSpan: '7d', maxSpan: '93d' });
    expect(TIME_WINDOWS.loyalty).toMatchObject({ defaultSpan: '24h', maxSpan: '366d' });
    expect(TIME_WINDOWS.settlements.defaultSpan).toBe('30d');
  });

  it.each(screens)('%s: tokens parse and minimum ≤ default span ≤ maximum, step below the span', (screen) => {
    const config = TIME_WINDOWS[screen];
    for (const token of Object.values(config)) expect(parseDurationToken(token)).not.toBeNull();
    expect(ms(config.minInterval)).toBeLessThanOrEqual(ms(config.defaultSpan));
    expect(ms(config.defaultSpan)).toBeLessThanOrEqual(ms(config.maxSpan));
    expect(ms(config.step)).toBeLessThan(ms(config.defaultSpan));
  });

  it.each(screens)('%s: the default window passes validation', (screen) => {
    expect(validateWindow(screen, resolveWindow(screen, { now: NOW }))).toBeNull();
  });
});

describe('autoFrequency', () => {
  it('chooses the finest step within the point budget', () => {
    expect(autoFrequency(HOUR)).toBe('1m');
    expect(autoFrequency(DAY)).toBe('5m');
    expect(autoFrequency(7 * DAY)).toBe('1h');
    expect(autoFrequency(30 * DAY)).toBe('3h');
    expect(autoFrequency(180 * DAY)).toBe('1d');
    expect(autoFrequency(366 * DAY)).toBe('1w');
  });

  it('counts a partial bucket as a point', () => {
    expect(autoFrequency(DEFAULT_MAX_POINTS * MINUTE)).toBe('1m');
    expect(autoFrequency(DEFAULT_MAX_POINTS * MINUTE + 1)).toBe('5m');
  });

  it('never goes below the minimum step', () => {
    expect(autoFrequency(HOUR, { minStepMs: 30 * MINUTE })).toBe('30m');
    expect(autoFrequency(HOUR, { minStepMs: 45 * MINUTE })).toBe('1h');
    expect(autoFrequency(14 * DAY, { minStepMs: 30 * MINUTE })).toBe('3h');
  });

  it('returns a minimum beyond the ladder as is', () => {
    expect(autoFrequency(DAY, { minStepMs: 14 * DAY })).toBe('2w');
    expect(autoFrequency(DAY, { minStepMs: 8 * DAY + 1 })).toBe('691201s');
  });

  it('falls back to the coarsest step for very long spans', () => {
    expect(autoFrequency(20 * 365 * DAY)).toBe('1w');
  });

  it('returns the finest allowed step for empty or invalid spans', () => {
    expect(autoFrequency(0)).toBe('1m');
    expect(autoFrequency(-HOUR)).toBe('1m');
    expect(autoFrequency(Number.NaN, { minStepMs: HOUR })).toBe('1h');
  });

  it('honours a custom point budget, treating less than one as one', () => {
    expect(autoFrequency(DAY, { maxPoints: 24 })).toBe('1h');
    expect(autoFrequency(DAY, { maxPoints: 1000 })).toBe('5m');
    expect(autoFrequency(HOUR, { maxPoints: 0 })).toBe('1h');
  });
});

describe('resolveWindow', () => {
  it('fills a live default window ending now', () => {
    expect(resolveWindow('default', { now: NOW })).toEqual({
      startDate: iso(NOW - HOUR),
      endDate: iso(NOW),
      frequency: '1m',
      update: true,
      minInterval: '1h',
      maxInterval: '1w',
    });
  });

  it('uses each screen’s span and a fitting frequency', () => {
    const command = resolveWindow('command', { now: NOW });
    expect(command.startDate).toBe(iso(NOW - DAY));
    expect(command.frequency).toBe('5m');
    expect(command.maxInterval).toBe('180d');
    const customers = resolveWindow('customers', { now: NOW });
    expect(customers.startDate).toBe(iso(NOW - 14 * DAY));
    expect(customers.frequency).toBe('3h');
  });

  it('keeps given dates and frequency, normalised to UTC ISO', () => {
    const window = resolveWindow('payments', {
      startDate: '2024-03-01T00:00:00+05:30',
      endDate: '2024-03-08T00:00:00+05:30',
      frequency: '6h',
      now: NOW,
    });
    expect(window).toMatchObject({
      startDate: '2024-02-29T18:30:00.000Z',
      endDate: '2024-03-07T18:30:00.000Z',
      frequency: '6h',
      update: false,
    });
  });

  it('runs a window given only its start up to now, live', () => {
    const window = resolveWindow('payments', { startDate: iso(NOW - 3 * DAY), now: NOW });
    expect(window).toMatchObject({ startDate: iso(NOW - 3 * DAY), endDate: iso(NOW), update: true });
  });

  it('opens a window given only its end one default span earlier, not live', () => {
    const end = NOW - 10 * DAY;
    const window = resolveWindow('payments', { endDate: iso(end), now: NOW });
    expect(window).toMatchObject({ startDate: iso(end - 7 * DAY), endDate: iso(end), update: false });
  });

  it('treats unparseable input as missing', () => {
    const window = resolveWindow('default', {
      startDate: 'yesterday',
      endDate: 'soon',
      frequency: '2x',
      now: NOW,
    });
    expect(window).toMatchObject({ startDate: iso(NOW - HOUR), endDate: iso(NOW), frequency: '1m' });
  });

  it('lets the caller set the live flag', () => {
    expect(resolveWindow('default', { now: NOW, update: false }).update).toBe(false);
  });

  it('produces a window the wire schema accepts', () => {
    expect(ZTimeWindow.safeParse(resolveWindow('loyalty', { now: NOW })).success).toBe(true);
  });
});

describe('validateWindow', () => {
  const window = (spanMs: number, frequency?: string) => ({
    startDate: iso(NOW - spanMs),
    endDate: iso(NOW),
    ...(frequency === undefined ? {} : { frequency }),
  });

  it('accepts a window at exactly the maximum and exactly the minimum', () => {
    expect(validateWindow('payments', window(93 * DAY))).toBeNull();
    expect(validateWindow('payments', window(HOUR))).toBeNull();
  });

  it('rejects a window one millisecond over the maximum, naming the maximum', () => {
    const error = validateWindow('payments', window(93 * DAY + 1));
    expect(error).toEqual({
      statusCode: 400,
      code: 'WINDOW_TOO_LONG',
      message: 'The window can be at most 93 days for this screen',
      details: [{ path: 'endDate', message: 'The window can be at most 93 days for this screen' }],
    });
    expect(ZApiError.safeParse(error).success).toBe(true);
  });

  it('names each screen’s own maximum', () => {
    expect(validateWindow('stationVehicles', window(181 * DAY))?.message).toBe(
      'The window can be at most 180 days for this screen',
    );
    expect(validateWindow('default', window(8 * DAY))?.message).toBe(
      'The window can be at most 1 week for this screen',
    );
    expect(validateWindow('challans', window(61 * DAY))?.code).toBe('WINDOW_TOO_LONG');
    expect(validateWindow('loyalty', window(366 * DAY))).toBeNull();
  });

  it('rejects an end at or before the start', () => {
    const same = { startDate: iso(NOW), endDate: iso(NOW) };
    expect(validateWindow('default', same)).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    const reversed = { startDate: iso(NOW), endDate: iso(NOW - HOUR) };
    expect(validateWindow('default', reversed)?.details?.[0]?.path).toBe('endDate');
  });

  it('rejects unparseable dates, pointing at the field', () => {
    expect(validateWindow('default', { startDate: 'x', endDate: iso(NOW) })?.details?.[0]?.path).toBe(
      'startDate',
    );
    expect(validateWindow('default', { startDate: iso(NOW), endDate: '' })?.details?.[0]?.path).toBe(
      'endDate',
    );
  });

  it('rejects a window shorter than the minimum interval', () => {
    expect(validateWindow('default', window(HOUR - 1))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The window must be at least 1 hour for this screen',
    });
  });

  it('checks the frequency: format, the screen’s step, the point cap', () => {
    expect(validateWindow('default', window(HOUR, '1x'))?.details?.[0]?.path).toBe('frequency');
    expect(validateWindow('default', window(HOUR, '30s'))?.message).toBe(
      'The step can be no finer than 1 minute for this screen',
    );
    expect(validateWindow('customers', window(DAY, '15m'))?.message).toBe(
      'The step can be no finer than 30 minutes for this screen',
    );
    expect(validateWindow('customers', window(DAY, '30m'))).toBeNull();
    expect(validateWindow('default', window(7 * DAY, '1m'))?.message).toBe(
      'This step gives 10,080 points; choose a coarser step (at most 5,000)',
    );
    expect(validateWindow('default', window(7 * DAY, '5m'))).toBeNull();
  });

  it('reports a too-long window before a bad frequency', () => {
    expect(validateWindow('default', window(30 * DAY, '1m'))?.code).toBe('WINDOW_TOO_LONG');
  });
});

describe('ZTimeWindowQuery', () => {
  it('accepts ISO instants with Z or an offset, and a frequency token', () => {
    const query = {
      startDate: '2024-03-01T00:00:00+05:30',
      endDate: '2024-03-02T00:00:00.000Z',
      frequency: '1h',
    };
    expect(ZTimeWindowQuery.parse(query)).toEqual(query);
    expect(ZTimeWindowQuery.parse({})).toEqual({});
  });

  it('rejects dates without a time or zone and malformed frequencies', () => {
    expect(ZTimeWindowQuery.safeParse({ startDate: '2024-03-01' }).success).toBe(false);
    expect(ZTimeWindowQuery.safeParse({ startDate: '2024-03-01T00:00:00' }).success).toBe(false);
    expect(ZTimeWindowQuery.safeParse({ frequency: '0m' }).success).toBe(false);
    expect(ZTimeWindowQuery.safeParse({ frequency: '1 hour' }).success).toBe(false);
  });
});

describe('presets (IST)', () => {
  it('ends rolling presets at now, live', () => {
    expect(presetRange('last1h', NOW)).toEqual({
      startDate: iso(NOW - HOUR),
      endDate: iso(NOW),
      update: true,
    });
    expect(presetRange('last24h', NOW).startDate).toBe(iso(NOW - DAY));
    expect(presetRange('last7d', NOW).startDate).toBe(iso(NOW - 7 * DAY));
    expect(presetRange('last30d', NOW).startDate).toBe(iso(NOW - 30 * DAY));
  });

  it('covers today and yesterday as whole IST days', () => {
    expect(presetRange('today', NOW)).toEqual({
      startDate: '2024-03-14T18:30:00.000Z',
      endDate: '2024-03-15T18:30:00.000Z',
      update: true,
    });
    expect(presetRange('yesterday', NOW)).toEqual({
      startDate: '2024-03-13T18:30:00.000Z',
      endDate: '2024-03-14T18:30:00.000Z',
      update: false,
    });
  });

  it('uses the IST date when UTC is still on the previous day', () => {
    // 00:10 IST on 15 March is 18:40 UTC on 14 March.
    const justAfterMidnight = Date.parse('2024-03-14T18:40:00Z');
    expect(presetRange('today', justAfterMidnight).startDate).toBe('2024-03-14T18:30:00.000Z');
    expect(presetRange('yesterday', Date.parse('2024-03-01T00:00:00Z')).startDate).toBe(
      '2024-02-28T18:30:00.000Z',
    );
  });

  it('covers the calendar month, rolling over the year', () => {
    expect(presetRange('thisMonth', NOW)).toEqual({
      startDate: '2024-02-29T18:30:00.000Z',
      endDate: '2024-03-31T18:30:00.000Z',
      update: true,
    });
    const december = presetRange('thisMonth', '2024-12-10T12:00:00+05:30');
    expect(december.endDate).toBe('2024-12-31T18:30:00.000Z');
  });

  it('covers the Indian financial year, 1 April to 31 March', () => {
    expect(presetRange('financialYear', NOW)).toEqual({
      startDate: '2023-03-31T18:30:00.000Z',
      endDate: '2024-03-31T18:30:00.000Z',
      update: true,
    });
    // 01:30 IST on 1 April 2024 is still 31 March in UTC, but already FY 2024–25.
    const firstOfApril = Date.parse('2024-03-31T20:00:00Z');
    expect(presetRange('financialYear', firstOfApril).startDate).toBe('2024-03-31T18:30:00.000Z');
  });

  it('finds and labels the financial year', () => {
    expect(financialYearStart(NOW)).toBe(2023);
    expect(financialYearStart('2024-04-01T00:00:00+05:30')).toBe(2024);
    expect(financialYearStart('2024-03-31T23:59:59+05:30')).toBe(2023);
    expect(financialYearLabel(NOW)).toBe('FY 2023–24');
    expect(financialYearLabel('1999-06-01T00:00:00Z')).toBe('FY 1999–00');
  });

  it('rejects an invalid now', () => {
    expect(() => presetRange('today', 'nope')).toThrow(RangeError);
    expect(() => financialYearStart(Number.NaN)).toThrow(RangeError);
  });

  it('offers only the presets that fit a screen', () => {
    expect(presetsFor('default', NOW)).toEqual(['last1h', 'last24h', 'last7d', 'today', 'yesterday']);
    expect(presetsFor('payments', NOW)).toEqual([
      'last1h',
      'last24h',
      'last7d',
      'last30d',
      'today',
      'yesterday',
      'thisMonth',
    ]);
    expect(presetsFor('loyalty', NOW)).toContain('financialYear');
    expect(presetsFor('challans', NOW)).not.toContain('financialYear');
  });
});

describe('stepWindow', () => {
  const base = { startDate: iso(NOW - 3 * DAY), endDate: iso(NOW - 2 * DAY), update: false, frequency: '5m' };

  it('moves back and forward by the span, keeping other fields', () => {
    expect(stepWindow(base, 'back')).toEqual({
      startDate: iso(NOW - 4 * DAY),
      endDate: iso(NOW - 3 * DAY),
      update: false,
      frequency: '5m',
    });
    expect(stepWindow(base, 'forward')).toMatchObject({
      startDate: iso(NOW - 2 * DAY),
      endDate: iso(NOW - DAY),
    });
  });

  it('stops being live once moved back', () => {
    const live = { startDate: iso(NOW - HOUR), endDate: iso(NOW), update: true };
    expect(stepWindow(live, 'back').update).toBe(false);
  });

  it('does not move a window that already reaches now', () => {
    const live = { startDate: iso(NOW - HOUR), endDate: iso(NOW), update: true };
    expect(stepWindow(live, 'forward', { now: NOW })).toBe(live);
  });

  it('pins a window that would pass now to end at now, live again', () => {
    const recent = { startDate: iso(NOW - 2 * DAY + HOUR), endDate: iso(NOW - DAY + HOUR), update: false };
    expect(stepWindow(recent, 'forward', { now: NOW })).toEqual({
      startDate: iso(NOW - DAY),
      endDate: iso(NOW),
      update: true,
    });
  });

  it('moves freely forward while the result stays in the past', () => {
    expect(stepWindow(base, 'forward', { now: NOW })).toMatchObject({
      endDate: iso(NOW - DAY),
      update: false,
    });
  });

  it('leaves an empty or invalid window alone', () => {
    const empty = { startDate: iso(NOW), endDate: iso(NOW), update: false };
    expect(stepWindow(empty, 'back')).toBe(empty);
    const broken = { startDate: 'x', endDate: iso(NOW), update: false };
    expect(stepWindow(broken, 'forward')).toBe(broken);
  });
});
