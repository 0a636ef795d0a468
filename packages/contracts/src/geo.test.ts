import { describe, expect, it } from 'vitest';
import {
  directionsUrl,
  formatDms,
  haversineMetres,
  parseDms,
  parseDmsDetailed,
  ZMapLocation,
  ZMapLocationQuery,
} from './geo';

// 28°36'50"N = 28 + 36/60 + 50/3600
const DELHI_LAT = 28 + 36 / 60 + 50 / 3600;

describe('parseDms', () => {
  it('parses the canonical form', () => {
    expect(parseDms(`28°36'50"N`)).toBeCloseTo(DELHI_LAT, 12);
  });

  it.each([
    `28° 36' 50" N`,
    `28°36′50″N`,
    `28°36'50''N`,
    `28º36'50"N`,
    `28d 36m 50s N`,
    `28d36m50sN`,
    `28 36 50 N`,
    `28 36 50 n`,
    `N 28°36'50"`,
    `n28 36 50`,
    `  28°36'50"N  `,
    `28deg 36min 50sec N`,
  ])('accepts %s', (input) => {
    expect(parseDms(input)).toBeCloseTo(DELHI_LAT, 12);
  });

  it('makes south and west negative, in either case', () => {
    expect(parseDms(`28°36'50"S`)).toBeCloseTo(-DELHI_LAT, 12);
    expect(parseDms(`77°12'32.4"W`)).toBeCloseTo(-77.209, 12);
    expect(parseDms(`77 12 32.4 w`)).toBeCloseTo(-77.209, 12);
    expect(parseDms(`s 28 36 50`)).toBeCloseTo(-DELHI_LAT, 12);
    expect(parseDms(`77°12'32.4"E`)).toBeCloseTo(77.209, 12);
  });

  it('reads a unit letter touching its number as a unit, a separated letter as a hemisphere', () => {
    expect(parseDms('28 36 50s')).toBeCloseTo(DELHI_LAT, 12);
    expect(parseDms('28 36 50 s')).toBeCloseTo(-DELHI_LAT, 12);
    expect(parseDms('28 36 50S')).toBeCloseTo(-DELHI_LAT, 12);
    expect(parseDms('28d 36m 50s S')).toBeCloseTo(-DELHI_LAT, 12);
  });

  it('accepts decimals in the last component only', () => {
    expect(parseDms(`28°36'50.75"N`)).toBeCloseTo(28 + 36 / 60 + 50.75 / 3600, 12);
    expect(parseDms(`28°36.5'N`)).toBeCloseTo(28 + 36.5 / 60, 12);
    expect(parseDms('28.6139°N')).toBeCloseTo(28.6139, 12);
    expect(parseDmsDetailed(`28.5°36'N`)).toEqual({ ok: false, reason: 'INVALID_FORMAT' });
    expect(parseDmsDetailed(`28°36.5'50"N`)).toEqual({ ok: false, reason: 'INVALID_FORMAT' });
  });

  it('accepts plain signed decimal degrees', () => {
    expect(parseDms('-77.209')).toBe(-77.209);
    expect(parseDms('+12.5')).toBe(12.5);
    expect(parseDms('0')).toBe(0);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseDms(`0°0'0"S`), 0)).toBe(true);
    expect(Object.is(parseDms('-0'), 0)).toBe(true);
  });

  it('reports the axis fixed by the hemisphere', () => {
    expect(parseDmsDetailed(`28°N`)).toEqual({ ok: true, value: 28, axis: 'lat' });
    expect(parseDmsDetailed(`77°E`)).toEqual({ ok: true, value: 77, axis: 'lng' });
    expect(parseDmsDetailed('77')).toEqual({ ok: true, value: 77, axis: null });
  });

  it.each([
    '',
    '   ',
    'N',
    'abc',
    `28°36'50"X`,
    `N28°36'50"S`,
    `-28°36'50"S`,
    '28 36 50 12',
    '28,5',
    `28°''N`,
    '1e5',
  ])('rejects malformed input %j', (input) => {
    expect(parseDmsDetailed(input)).toEqual({ ok: false, reason: 'INVALID_FORMAT' });
    expect(parseDms(input)).toBeNull();
  });

  it.each([`28°60'0"N`, `28°36'60"N`, `90°0'1"N`, `91°S`, `180°0'0.1"E`, '181', `100°0'0"S`])(
    'rejects out-of-range input %j',
    (input) => {
      expect(parseDmsDetailed(input)).toEqual({ ok: false, reason: 'OUT_OF_RANGE' });
      expect(parseDms(input)).toBeNull();
    },
  );

  it('accepts the exact limits', () => {
    expect(parseDms('90°S')).toBe(-90);
    expect(parseDms('180°W')).toBe(-180);
    expect(parseDms(`28°59'59.999"N`)).toBeCloseTo(28 + 59 / 60 + 59.999 / 3600, 12);
  });
});

describe('formatDms', () => {
  it('formats degrees, minutes and seconds with a hemisphere', () => {
    expect(formatDms(DELHI_LAT, 'lat')).toBe(`28°36'50.0"N`);
    expect(formatDms(-77.209, 'lng')).toBe(`77°12'32.4"W`);
    expect(formatDms(0, 'lat')).toBe(`0°0'0.0"N`);
    expect(formatDms(-0.0000001, 'lng')).toBe(`0°0'0.0"E`);
  });

  it('carries rounded seconds into minutes and degrees', () => {
    expect(formatDms(10 + 59 / 60 + 59.96 / 3600, 'lat')).toBe(`11°0'0.0"N`);
    expect(formatDms(10.5, 'lat', 0)).toBe(`10°30'0"N`);
  });

  it('round-trips through parseDms', () => {
    for (const value of [DELHI_LAT, -33.8688, 151.2093, -179.99, 89.5]) {
      const axis = Math.abs(value) > 90 ? 'lng' : 'lat';
      expect(parseDms(formatDms(value, axis, 3))).toBeCloseTo(value, 6);
    }
  });

  it('rejects values outside the axis range', () => {
    expect(() => formatDms(91, 'lat')).toThrow(RangeError);
    expect(() => formatDms(-180.1, 'lng')).toThrow(RangeError);
    expect(() => formatDms(Number.NaN, 'lat')).toThrow(RangeError);
  });
});

describe('ZMapLocation', () => {
  it('accepts points within range, including the edges', () => {
    expect(ZMapLocation.safeParse({ lat: 28.6139, lng: 77.209 }).success).toBe(true);
    expect(ZMapLocation.safeParse({ lat: -90, lng: 180 }).success).toBe(true);
  });

  it('rejects out-of-range, non-finite and missing values', () => {
    expect(ZMapLocation.safeParse({ lat: 90.0001, lng: 0 }).success).toBe(false);
    expect(ZMapLocation.safeParse({ lat: 0, lng: -180.5 }).success).toBe(false);
    expect(ZMapLocation.safeParse({ lat: Number.NaN, lng: 0 }).success).toBe(false);
    expect(ZMapLocation.safeParse({ lat: 0, lng: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(ZMapLocation.safeParse({ lat: 0 }).success).toBe(false);
    expect(ZMapLocation.safeParse({ lat: '1', lng: '2' }).success).toBe(false);
  });

  it('coerces query-string values in the query variant', () => {
    expect(ZMapLocationQuery.parse({ lat: '28.5', lng: '-77' })).toEqual({ lat: 28.5, lng: -77 });
    expect(ZMapLocationQuery.safeParse({ lat: '95', lng: '0' }).success).toBe(false);
  });
});

describe('directionsUrl', () => {
  it('builds a driving link with the traffic layer to the destination', () => {
    expect(directionsUrl({ lat: 28.6139, lng: 77.209 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=28.6139%2C77.209&travelmode=driving&layer=t',
    );
  });

  it('puts the origin first when given', () => {
    expect(directionsUrl({ lat: 19.076, lng: 72.8777 }, { lat: 18.5204, lng: 73.8567 })).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=18.5204%2C73.8567&destination=19.076%2C72.8777&travelmode=driving&layer=t',
    );
  });

  it('rounds coordinates to six decimals and writes negatives plainly', () => {
    const url = directionsUrl({ lat: -33.868819999, lng: -0.0000001 });
    expect(url).toContain('destination=-33.86882%2C0&');
  });

  it('rejects invalid points', () => {
    expect(() => directionsUrl({ lat: 91, lng: 0 })).toThrow(RangeError);
    expect(() => directionsUrl({ lat: 0, lng: 0 }, { lat: 0, lng: Number.NaN })).toThrow(/origin/);
  });
});

describe('haversineMetres', () => {
  it('measures great-circle distances (published city-to-city figures, within 0.5 %)', () => {
    const delhi = { lat: 28.6139, lng: 77.209 };
    const mumbai = { lat: 19.076, lng: 72.8777 };
    const metres = haversineMetres(delhi, mumbai);
    expect(metres).toBeGreaterThan(1_148_000 * 0.995);
    expect(metres).toBeLessThan(1_148_000 * 1.005);
    expect(haversineMetres(mumbai, delhi)).toBeCloseTo(metres, 6);
    expect(haversineMetres(delhi, delhi)).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });
});
