import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';
import { MISSING_VALUE } from './number';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatDuration', () => {
  it('shows 0 under one second, either sign', () => {
    expect(formatDuration(0)).toBe('0');
    expect(formatDuration(999)).toBe('0');
    expect(formatDuration(-999)).toBe('0');
  });

  it('pluralises each unit', () => {
    expect(formatDuration(SECOND)).toBe('1 second');
    expect(formatDuration(2 * SECOND)).toBe('2 seconds');
    expect(formatDuration(MINUTE)).toBe('1 minute');
    expect(formatDuration(DAY + 2 * HOUR)).toBe('1 day 2 hours');
    expect(formatDuration(2 * DAY + HOUR)).toBe('2 days 1 hour');
  });

  it('counts a month as 30 days and a year as 365 days', () => {
    expect(formatDuration(7 * DAY)).toBe('1 week');
    expect(formatDuration(30 * DAY)).toBe('1 month');
    expect(formatDuration(31 * DAY)).toBe('1 month 1 day');
    expect(formatDuration(180 * DAY)).toBe('6 months');
    expect(formatDuration(365 * DAY)).toBe('1 year');
    expect(formatDuration(366 * DAY)).toBe('1 year 1 day');
    expect(formatDuration(364 * DAY)).toBe('12 months 4 days');
  });

  it('shows every unit by default', () => {
    const all = 365 * DAY + 30 * DAY + 7 * DAY + DAY + HOUR + MINUTE + SECOND;
    expect(formatDuration(all)).toBe('1 year 1 month 1 week 1 day 1 hour 1 minute 1 second');
  });

  it('limits the units shown, dropping (not rounding) the rest', () => {
    const almostTwoDays = 2 * DAY - SECOND;
    expect(formatDuration(almostTwoDays, { maxUnits: 1 })).toBe('1 day');
    expect(formatDuration(almostTwoDays, { maxUnits: 2 })).toBe('1 day 23 hours');
  });

  it('does not count skipped zero units towards the limit', () => {
    expect(formatDuration(DAY + 5 * MINUTE, { maxUnits: 2 })).toBe('1 day 5 minutes');
  });

  it('treats a limit below one as one', () => {
    expect(formatDuration(DAY + HOUR, { maxUnits: 0 })).toBe('1 day');
    expect(formatDuration(DAY + HOUR, { maxUnits: -3 })).toBe('1 day');
  });

  it('drops fractions of a second', () => {
    expect(formatDuration(1999.9)).toBe('1 second');
    expect(formatDuration(MINUTE + 500)).toBe('1 minute');
  });

  it('prefixes negative durations with a minus sign', () => {
    expect(formatDuration(-90 * SECOND)).toBe('-1 minute 30 seconds');
  });

  it('has a short style', () => {
    expect(formatDuration(DAY + 2 * HOUR + 3 * SECOND, { style: 'short' })).toBe('1d 2h 3s');
    expect(formatDuration(400 * DAY, { style: 'short' })).toBe('1y 1mo 5d');
  });

  it('groups huge counts', () => {
    expect(formatDuration(1e15, { maxUnits: 1 })).toBe('31,709 years');
  });

  it('shows the missing marker for non-finite input', () => {
    expect(formatDuration(Number.NaN)).toBe(MISSING_VALUE);
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe(MISSING_VALUE);
  });
});
