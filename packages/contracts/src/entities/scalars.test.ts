import { describe, expect, it } from 'vitest';
import { ZId, ZIdFilter, ZIsoDate, ZIsoDateTime, ZPaise, ZQuantity, ZSearchText } from './scalars';

describe('wire scalars', () => {
  it('ZId takes positive integers only', () => {
    expect(ZId.safeParse(1).success).toBe(true);
    for (const bad of [0, -1, 1.5, '1', Number.NaN]) expect(ZId.safeParse(bad).success).toBe(false);
  });

  it('ZIsoDateTime takes what toISOString writes, and offsets', () => {
    expect(ZIsoDateTime.safeParse(new Date(0).toISOString()).success).toBe(true);
    expect(ZIsoDateTime.safeParse('2024-03-15T10:00:00+05:30').success).toBe(true);
    expect(ZIsoDateTime.safeParse('2024-03-15').success).toBe(false);
    expect(ZIsoDateTime.safeParse('2024-03-15 10:00:00Z').success).toBe(false);
    expect(ZIsoDateTime.safeParse(1_710_000_000_000).success).toBe(false);
  });

  it('ZIsoDate takes real calendar dates only', () => {
    expect(ZIsoDate.safeParse('2024-02-29').success).toBe(true);
    expect(ZIsoDate.safeParse('2023-02-29').success).toBe(false);
    expect(ZIsoDate.safeParse('2024-3-1').success).toBe(false);
  });

  it('ZPaise takes integers of either sign', () => {
    expect(ZPaise.safeParse(-500).success).toBe(true);
    expect(ZPaise.safeParse(0).success).toBe(true);
    expect(ZPaise.safeParse(12.5).success).toBe(false);
    expect(ZPaise.safeParse(2 ** 53).success).toBe(false);
  });

  it('ZQuantity takes non-negative numbers', () => {
    expect(ZQuantity.safeParse(12.345).success).toBe(true);
    expect(ZQuantity.safeParse(0).success).toBe(true);
    expect(ZQuantity.safeParse(-0.001).success).toBe(false);
  });

  it('ZIdFilter reads repeated keys and comma lists', () => {
    expect(ZIdFilter.parse('3,7')).toEqual([3, 7]);
    expect(ZIdFilter.parse(['3', '7, 9'])).toEqual([3, 7, 9]);
    expect(ZIdFilter.safeParse('3,x').success).toBe(false);
    expect(ZIdFilter.safeParse('0').success).toBe(false);
  });

  it('ZSearchText trims and bounds its input', () => {
    expect(ZSearchText.parse('  MH12 ')).toBe('MH12');
    expect(ZSearchText.safeParse('   ').success).toBe(false);
    expect(ZSearchText.safeParse('x'.repeat(101)).success).toBe(false);
  });
});
