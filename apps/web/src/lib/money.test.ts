import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact, formatMoneyHeadline } from './money';

describe('money reads one way', () => {
  it('full amounts: en-IN grouping, the rupee sign and paise', () => {
    expect(formatMoney(12_345_678)).toBe('₹1,23,456.78');
    expect(formatMoney(5_000)).toBe('₹50.00');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney(-1_230)).toBe('-₹12.30');
    expect(formatMoney(12_345_678_901n)).toBe('₹12,34,56,789.01');
  });

  it('compact amounts use thousands, lakhs and crores with one decimal at most', () => {
    expect(formatMoneyCompact(95_000)).toBe('₹950');
    expect(formatMoneyCompact(4_560_000)).toBe('₹45.6 K');
    expect(formatMoneyCompact(12_000_000)).toBe('₹1.2 L');
    expect(formatMoneyCompact(10_000_000)).toBe('₹1 L');
    expect(formatMoneyCompact(3_400_000_000)).toBe('₹3.4 Cr');
    expect(formatMoneyCompact(123_400_000_000)).toBe('₹123.4 Cr');
    expect(formatMoneyCompact(1_234_000_000_000)).toBe('₹1,234 Cr');
    expect(formatMoneyCompact(-12_000_000)).toBe('-₹1.2 L');
    expect(formatMoneyCompact(0)).toBe('₹0');
    expect(formatMoneyCompact(Number.NaN)).toBe('—');
  });

  it('a tile headline is full below a lakh and compact from a lakh up', () => {
    expect(formatMoneyHeadline(9_876_540)).toBe('₹98,765.40');
    expect(formatMoneyHeadline(10_000_000)).toBe('₹1 L');
    expect(formatMoneyHeadline(1_877_741_800)).toBe('₹1.9 Cr');
  });
});
