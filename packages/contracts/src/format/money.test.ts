import { describe, expect, it } from 'vitest';
import { formatInr, paiseToRupees, rupeesToPaise } from './money';
import { MISSING_VALUE } from './number';

describe('formatInr', () => {
  it('formats paise as rupees with Indian grouping', () => {
    expect(formatInr(12_345_678)).toBe('₹1,23,456.78');
    expect(formatInr(100)).toBe('₹1.00');
    expect(formatInr(5)).toBe('₹0.05');
  });

  it('formats zero and negative zero as plain zero', () => {
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(-0)).toBe('₹0.00');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatInr(-5000)).toBe('-₹50.00');
    expect(formatInr(-1)).toBe('-₹0.01');
  });

  it('rounds fractional paise half away from zero', () => {
    expect(formatInr(0.5)).toBe('₹0.01');
    expect(formatInr(0.49)).toBe('₹0.00');
    expect(formatInr(-0.5)).toBe('-₹0.01');
  });

  it('can round to whole rupees', () => {
    expect(formatInr(12_350, { fractionDigits: 0 })).toBe('₹124');
    expect(formatInr(12_349, { fractionDigits: 0 })).toBe('₹123');
    expect(formatInr(-12_350, { fractionDigits: 0 })).toBe('-₹124');
  });

  it('keeps every digit of amounts beyond 2^53 paise', () => {
    expect(formatInr(123_456_789_012_345_678n)).toBe('₹1,23,45,67,89,01,23,456.78');
    expect(formatInr(-101n)).toBe('-₹1.01');
    expect(formatInr(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });

  it('shows the missing marker for NaN and Infinity', () => {
    expect(formatInr(Number.NaN)).toBe(MISSING_VALUE);
    expect(formatInr(Number.POSITIVE_INFINITY)).toBe(MISSING_VALUE);
  });
});

describe('rupees and paise', () => {
  it('converts paise to rupees', () => {
    expect(paiseToRupees(12_345)).toBe(123.45);
    expect(paiseToRupees(-1)).toBe(-0.01);
  });

  it('converts rupees to whole paise in decimal terms', () => {
    expect(rupeesToPaise(123.45)).toBe(12_345);
    expect(rupeesToPaise(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in binary
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(-1.005)).toBe(-101);
    expect(rupeesToPaise(0.004)).toBe(0);
    expect(Object.is(rupeesToPaise(-0.004), 0)).toBe(true);
  });

  it('rejects non-finite rupees', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});
