import { describe, expect, it } from 'vitest';
import { formatCompact, formatNumber, formatPercent, MISSING_VALUE, round } from './number';

describe('round', () => {
  it('defaults to two decimals', () => {
    expect(round(12.34567)).toBe(12.35);
    expect(round(12.34467)).toBe(12.34);
    expect(round(2.675)).toBe(2.68);
  });

  it('rounds decimal halves up where binary arithmetic would round down', () => {
    expect(round(1.005)).toBe(1.01);
    expect(round(1.255, 2)).toBe(1.26);
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the naive way this guards against
  });

  it('rounds halves away from zero for negatives', () => {
    expect(round(-1.005)).toBe(-1.01);
    expect(round(-2.5, 0)).toBe(-3);
    expect(round(2.5, 0)).toBe(3);
  });

  it('keeps values already within the digits', () => {
    expect(round(7)).toBe(7);
    expect(round(0.1 + 0.2)).toBe(0.3);
  });

  it('never returns negative zero', () => {
    expect(Object.is(round(-0.001), 0)).toBe(true);
    expect(Object.is(round(-0), 0)).toBe(true);
  });

  it('supports zero and negative digits', () => {
    expect(round(1234.5678, 0)).toBe(1235);
    expect(round(1234.5678, -2)).toBe(1200);
    expect(round(1250, -2)).toBe(1300);
  });

  it('handles numbers written in exponent form', () => {
    expect(round(1.23456e-7, 9)).toBe(1.23e-7);
    expect(round(1e-10)).toBe(0);
    expect(round(1.5e21)).toBe(1.5e21);
  });

  it('returns huge and non-finite values unchanged', () => {
    expect(round(Number.MAX_VALUE)).toBe(Number.MAX_VALUE);
    expect(round(2 ** 60 + 0)).toBe(2 ** 60);
    expect(round(Number.NaN)).toBeNaN();
    expect(round(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it('rejects fractional digits', () => {
    expect(() => round(1, 1.5)).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('groups digits the Indian way', () => {
    expect(formatNumber(1234567.891)).toBe('12,34,567.89');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(100000)).toBe('1,00,000');
  });

  it('drops trailing zeros unless asked for fixed decimals', () => {
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(2.5, { minimumFractionDigits: 2 })).toBe('2.50');
    expect(formatNumber(2.5, { maximumFractionDigits: 0 })).toBe('3');
  });

  it('rounds like round(), not like binary floats', () => {
    expect(formatNumber(1.005)).toBe('1.01');
  });

  it('formats zero, negatives and negative zero', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
  });

  it('caps minimum decimals at the maximum', () => {
    expect(formatNumber(1.23456, { minimumFractionDigits: 4, maximumFractionDigits: 1 })).toBe('1.2');
  });

  it('shows the missing marker for non-finite values', () => {
    expect(formatNumber(Number.NaN)).toBe(MISSING_VALUE);
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe(MISSING_VALUE);
  });
});

describe('formatCompact', () => {
  // en-GB writes compact suffixes in lower case ("1.2m"); compare case-insensitively so that an
  // ICU update flipping the case does not hide a real regression in the digits.
  const compact = (value: number) => formatCompact(value).toLowerCase();

  it('abbreviates thousands, millions, billions and trillions', () => {
    expect(compact(1234)).toBe('1.2k');
    expect(compact(1_234_567)).toBe('1.2m');
    expect(compact(5_000_000_000)).toBe('5bn');
    expect(compact(1.2e13)).toBe('12tn');
  });

  it('uses en-GB, not Indian lakh/crore', () => {
    expect(compact(10_000_000)).toBe('10m');
  });

  it('leaves small numbers alone and keeps one decimal by default', () => {
    expect(compact(999)).toBe('999');
    expect(compact(12.34)).toBe('12.3');
    expect(formatCompact(12.34, 0)).toBe('12');
  });

  it('rounds at the boundary into the next suffix', () => {
    expect(compact(999_999)).toBe('1m');
  });

  it('handles zero, negatives and non-finite values', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(-0)).toBe('0');
    expect(compact(-1500)).toBe('-1.5k');
    expect(formatCompact(Number.NaN)).toBe(MISSING_VALUE);
  });
});

describe('formatPercent', () => {
  it('formats ratios as percentages', () => {
    expect(formatPercent(0.1234)).toBe('12.3%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(-0.05)).toBe('-5%');
    expect(formatPercent(0.12345, 2)).toBe('12.35%');
    expect(formatPercent(Number.NaN)).toBe(MISSING_VALUE);
  });
});
