import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('equals Date#toISOString for any millisecond of years 1970–9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('is exact at day, hour and leap-day boundaries and for the cached day prefixes', () => {
    const samples = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(2026, 10, 22, 18, 30),
      253_402_300_799_999,
    ];
    for (let round = 0; round < 2; round++) {
      for (const ms of samples) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    // More distinct days than the prefix cache keeps.
    for (let day = 0; day < 200; day++) {
      const ms = Date.UTC(2026, 0, 1) + day * 86_400_000 + 12_345;
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('falls back to Date outside that range, for fractions, and throws like it for invalid times', () => {
    for (const ms of [-1, -86_400_001, 253_402_300_800_000, 1.5, 8.64e15]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
  });
});
