import { z } from 'zod';
import { round } from './format/number';

/** A point on the map in decimal degrees (WGS 84), as sent by the map screens and stored per station. */
export const ZMapLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type TMapLocation = z.infer<typeof ZMapLocation>;

/** {@link ZMapLocation} read from a query string (`?lat=28.61&lng=77.2`). */
export const ZMapLocationQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

/** Which coordinate a hemisphere letter fixes: N/S latitude, E/W longitude. */
export type TCoordinateAxis = 'lat' | 'lng';

/** Outcome of {@link parseDmsDetailed}. `axis` is null when the input had no hemisphere letter. */
export type TDmsResult =
  | { ok: true; value: number; axis: TCoordinateAxis | null }
  | { ok: false; reason: 'INVALID_FORMAT' | 'OUT_OF_RANGE' };

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const DMS_PATTERN = new RegExp(
  [
    String.raw`^([NSEWnsew])?\s*([+\-−])?\s*`,
    // Degrees: ° º ˚ with optional spaces, or d / deg written right after the number.
    `${NUMBER}(?:\\s*[°º˚]|deg|d)?\\s*`,
    // Minutes: ' ′ ’ with optional spaces, or m / min right after the number.
    `(?:${NUMBER}(?:\\s*['′’]|min|m)?\\s*`,
    // Seconds: " ″ ” '' with optional spaces, or s / sec right after the number.
    `(?:${NUMBER}(?:\\s*(?:"|″|”|''|′′)|sec|s)?\\s*)?)?`,
    '([NSEWnsew])?$',
  ].join(''),
);

/**
 * Parses degrees, minutes and seconds with a hemisphere letter into decimal degrees:
 * `28°36'50"N` → 28.61389, `77° 12' 32.4" w` → -77.209, `28d 36m 50s S`, `S 28 36 50`, `-28.5`.
 *
 * Rules: the hemisphere letter may lead or trail and may be lower case; S and W give a negative
 * value; a sign and a letter together are rejected. Unit letters (d, m, s) must touch their
 * number, so `50s` is 50 seconds while `50 s` or `50S` is 50 seconds south. Only the last component
 * may have decimals; minutes and seconds must be below 60; N/S values are at most 90°, all others
 * at most 180°.
 */
export function parseDmsDetailed(input: string): TDmsResult {
  const match = DMS_PATTERN.exec(input.trim());
  if (!match) return { ok: false, reason: 'INVALID_FORMAT' };
  const [, before, sign, degText = '', minText, secText, after] = match;
  if (before && after) return { ok: false, reason: 'INVALID_FORMAT' };
  const hemisphere = (before ?? after)?.toUpperCase();
  if (hemisphere && sign) return { ok: false, reason: 'INVALID_FORMAT' };
  const parts = [degText, minText, secText].filter((part): part is string => part !== undefined);
  if (parts.slice(0, -1).some((part) => part.includes('.'))) return { ok: false, reason: 'INVALID_FORMAT' };
  const [degrees = 0, minutes = 0, seconds = 0] = parts.map(Number);
  if (minutes >= 60 || seconds >= 60) return { ok: false, reason: 'OUT_OF_RANGE' };
  const magnitude = degrees + minutes / 60 + seconds / 3600;
  const axis: TCoordinateAxis | null = hemisphere
    ? hemisphere === 'N' || hemisphere === 'S'
      ? 'lat'
      : 'lng'
    : null;
  if (magnitude > (axis === 'lat' ? 90 : 180)) return { ok: false, reason: 'OUT_OF_RANGE' };
  const negative = hemisphere === 'S' || hemisphere === 'W' || sign === '-' || sign === '−';
  return { ok: true, value: negative && magnitude !== 0 ? -magnitude : magnitude, axis };
}

/** {@link parseDmsDetailed} reduced to the decimal value, or `null` for invalid or out-of-range input. */
export function parseDms(input: string): number | null {
  const result = parseDmsDetailed(input);
  return result.ok ? result.value : null;
}

/**
 * Formats decimal degrees as `28°36'50.0"N` (seconds to `secondsDigits` decimals, default 1).
 * Throws a RangeError for values outside the axis range.
 */
export function formatDms(value: number, axis: TCoordinateAxis, secondsDigits = 1): string {
  const limit = axis === 'lat' ? 90 : 180;
  if (!Number.isFinite(value) || Math.abs(value) > limit) throw new RangeError(`Not a ${axis}: ${value}`);
  const scale = 10 ** secondsDigits;
  // Work in whole units of the last shown digit so that 59.96" carries into the next minute.
  const units = Math.round(Math.abs(value) * 3600 * scale);
  const degrees = Math.floor(units / (3600 * scale));
  const minutes = Math.floor((units % (3600 * scale)) / (60 * scale));
  const seconds = ((units % (60 * scale)) / scale).toFixed(secondsDigits);
  const letter = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  return `${degrees}°${minutes}'${seconds}"${units === 0 ? (axis === 'lat' ? 'N' : 'E') : letter}`;
}

/** Coordinate text for URLs: at most 6 decimals (about 10 cm), no trailing zeros, no `-0`. */
function coordinate(value: number): string {
  return String(round(value, 6));
}

/**
 * Google Maps directions link, driving, with the traffic layer on:
 *
 * `https://www.google.com/maps/dir/?api=1[&origin=LAT%2CLNG]&destination=LAT%2CLNG&travelmode=driving&layer=t`
 *
 * `api=1` selects the documented Maps URLs format; without `origin` Google starts from the user's
 * current location. `layer=t` turns the traffic layer on. Throws a RangeError for invalid points.
 */
export function directionsUrl(destination: TMapLocation, origin?: TMapLocation): string {
  const params: string[] = ['api=1'];
  for (const [name, point] of [
    ['origin', origin],
    ['destination', destination],
  ] as const) {
    if (point === undefined) continue;
    if (!ZMapLocation.safeParse(point).success) {
      throw new RangeError(`Invalid ${name}: ${JSON.stringify(point)}`);
    }
    params.push(`${name}=${coordinate(point.lat)}%2C${coordinate(point.lng)}`);
  }
  params.push('travelmode=driving', 'layer=t');
  return `https://www.google.com/maps/dir/?${params.join('&')}`;
}

/** The mean Earth radius (IUGG), in metres. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

/** The great-circle distance between two points in metres (haversine formula). */
export function haversineMetres(a: TMapLocation, b: TMapLocation): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}
