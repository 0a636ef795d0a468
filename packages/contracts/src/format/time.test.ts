import { describe, expect, it } from 'vitest';
import { MISSING_VALUE } from './number';
import { formatDate, formatDateTime, formatTime, IST_OFFSET_MS, toDate } from './time';

// 15 March 2024, 10:00 IST.
const now = '2024-03-15T10:00:00+05:30';

describe('toDate', () => {
  it('accepts dates, epoch milliseconds and ISO strings', () => {
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate('2024-03-15T10:00:00+05:30')?.toISOString()).toBe('2024-03-15T04:30:00.000Z');
    const original = new Date(5);
    const copy = toDate(original);
    expect(copy).not.toBe(original);
    expect(copy?.getTime()).toBe(5);
  });

  it('returns null for invalid instants', () => {
    expect(toDate('not a date')).toBeNull();
    expect(toDate(Number.NaN)).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('IST_OFFSET_MS', () => {
  it('is five and a half hours', () => {
    expect(IST_OFFSET_MS).toBe(19_800_000);
  });
});

describe('formatDateTime', () => {
  it('shows only the time for the same IST day', () => {
    expect(formatDateTime('2024-03-15T08:05:00+05:30', { now })).toBe('8:05 am');
    expect(formatDateTime('2024-03-15T00:00:00+05:30', { now })).toBe('12:00 am');
    expect(formatDateTime('2024-03-15T12:30:00+05:30', { now })).toBe('12:30 pm');
    expect(formatDateTime('2024-03-15T22:00:00+05:30', { now })).toBe('10:00 pm');
  });

  it('adds day and month for another day, even less than 24 h ago', () => {
    expect(formatDateTime('2024-03-14T23:30:00+05:30', { now })).toBe('14 Mar, 11:30 pm');
    expect(formatDateTime('2024-03-16T00:00:00+05:30', { now })).toBe('16 Mar, 12:00 am');
  });

  it('adds the year only when it differs from now', () => {
    expect(formatDateTime('2024-01-02T09:00:00+05:30', { now })).toBe('2 Jan, 9:00 am');
    expect(formatDateTime('2023-03-15T10:00:00+05:30', { now })).toBe('15 Mar 2023, 10:00 am');
    expect(formatDateTime('2025-03-15T10:00:00+05:30', { now })).toBe('15 Mar 2025, 10:00 am');
  });

  it('judges day and year in IST, not UTC', () => {
    // 2023-12-31 18:30 UTC is already 1 January 2024 in India.
    expect(formatDateTime('2023-12-31T18:30:00Z', { now })).toBe('1 Jan, 12:00 am');
    expect(formatDateTime('2023-12-31T18:29:00Z', { now })).toBe('31 Dec 2023, 11:59 pm');
  });

  it('follows another time zone when asked', () => {
    // 01:30 IST on the 15th is 20:00 UTC on the 14th.
    const instant = '2024-03-14T20:00:00Z';
    expect(formatDateTime(instant, { now })).toBe('1:30 am');
    expect(formatDateTime(instant, { now, timeZone: 'UTC' })).toBe('14 Mar, 8:00 pm');
  });

  it('supports a 24-hour clock', () => {
    expect(formatDateTime('2024-03-15T00:05:00+05:30', { now, hour12: false })).toBe('00:05');
    expect(formatDateTime('2024-03-14T13:05:00+05:30', { now, hour12: false })).toBe('14 Mar, 13:05');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const instant = Date.parse('2024-03-15T08:05:00+05:30');
    expect(formatDateTime(instant, { now: Date.parse(now) })).toBe('8:05 am');
    expect(formatDateTime(new Date(instant), { now: new Date(now) })).toBe('8:05 am');
  });

  it('shows the missing marker for an invalid date or now', () => {
    expect(formatDateTime('garbage', { now })).toBe(MISSING_VALUE);
    expect(formatDateTime(now, { now: 'garbage' })).toBe(MISSING_VALUE);
  });
});

describe('formatTime and formatDate', () => {
  it('formats the time of day', () => {
    expect(formatTime('2024-03-15T15:05:00+05:30')).toBe('3:05 pm');
    expect(formatTime('2024-03-15T15:05:00+05:30', { hour12: false })).toBe('15:05');
    expect(formatTime('2024-03-15T15:05:00+05:30', { timeZone: 'UTC' })).toBe('9:35 am');
    expect(formatTime('nope')).toBe(MISSING_VALUE);
  });

  it('formats the date with its year, in IST', () => {
    expect(formatDate('2024-03-15T15:05:00+05:30')).toBe('15 Mar 2024');
    expect(formatDate('2023-12-31T18:30:00Z')).toBe('1 Jan 2024');
    expect(formatDate('2023-12-31T18:30:00Z', { timeZone: 'UTC' })).toBe('31 Dec 2023');
    expect(formatDate(Number.NaN)).toBe(MISSING_VALUE);
  });
});
