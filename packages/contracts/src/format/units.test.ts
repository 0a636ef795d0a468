import { describe, expect, it } from 'vitest';
import { FUEL_UNITS } from '../enums';
import { MISSING_VALUE } from './number';
import { formatDistance, formatQuantity, milliToQuantity, QUANTITY_UNITS, quantityToMilli } from './units';

describe('QUANTITY_UNITS', () => {
  it('names the unit codes', () => {
    expect(QUANTITY_UNITS.kg.singular).toBe('kilogram');
    expect(QUANTITY_UNITS.l.singular).toBe('liter');
    expect(QUANTITY_UNITS.kWh.symbol).toBe('kWh');
  });

  it('covers every unit a fuel is sold in', () => {
    for (const unit of Object.values(FUEL_UNITS)) expect(QUANTITY_UNITS[unit]).toBeDefined();
  });
});

describe('formatQuantity', () => {
  it('formats with the unit symbol, Indian grouping and two decimals', () => {
    expect(formatQuantity(1234.567, 'l')).toBe('1,234.57 L');
    expect(formatQuantity(8.5, 'kg')).toBe('8.5 kg');
    expect(formatQuantity(150000, 'kWh')).toBe('1,50,000 kWh');
  });

  it('honours the number of decimals', () => {
    expect(formatQuantity(12.3456, 'l', { maximumFractionDigits: 3 })).toBe('12.346 L');
    expect(formatQuantity(12.5, 'l', { maximumFractionDigits: 0 })).toBe('13 L');
  });

  it('spells units out in the long style with correct plurals', () => {
    expect(formatQuantity(1, 'kg', { style: 'long' })).toBe('1 kilogram');
    expect(formatQuantity(2, 'l', { style: 'long' })).toBe('2 liters');
    expect(formatQuantity(0, 'l', { style: 'long' })).toBe('0 liters');
    expect(formatQuantity(1.5, 'kWh', { style: 'long' })).toBe('1.5 kilowatt-hours');
    expect(formatQuantity(-1, 'kg', { style: 'long' })).toBe('-1 kilogram');
    // 1.001 shows as "1" with two decimals, so it reads as one.
    expect(formatQuantity(1.001, 'l', { style: 'long' })).toBe('1 liter');
  });

  it('handles zero, negatives and non-finite values', () => {
    expect(formatQuantity(0, 'l')).toBe('0 L');
    expect(formatQuantity(-2.5, 'kg')).toBe('-2.5 kg');
    expect(formatQuantity(Number.NaN, 'l')).toBe(MISSING_VALUE);
  });
});

describe('milli-units', () => {
  it('converts stored milli-units to quantities and back', () => {
    expect(milliToQuantity(12_345)).toBe(12.345);
    expect(quantityToMilli(12.345)).toBe(12_345);
    expect(quantityToMilli(1.0005)).toBe(1001); // 1.0005 * 1000 is 1000.4999… in binary
    expect(quantityToMilli(-0.0004)).toBe(0);
    expect(quantityToMilli(-2.5)).toBe(-2500);
  });

  it('rejects non-finite quantities', () => {
    expect(() => quantityToMilli(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDistance', () => {
  it('uses metres below 1 km and kilometres above', () => {
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(1000)).toBe('1 km');
    expect(formatDistance(12_345)).toBe('12.3 km');
    expect(formatDistance(1_234_567)).toBe('1,234.6 km');
  });

  it('switches to km when metres round up to 1,000', () => {
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(999.6)).toBe('1 km');
    expect(formatDistance(-999.6)).toBe('-1 km');
  });

  it('handles negatives and non-finite values', () => {
    expect(formatDistance(-250)).toBe('-250 m');
    expect(formatDistance(Number.POSITIVE_INFINITY)).toBe(MISSING_VALUE);
  });
});
