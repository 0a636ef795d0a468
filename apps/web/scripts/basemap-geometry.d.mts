/** Types of basemap-geometry.mjs (plain JavaScript so the build script runs on bare Node). */
export type TPosition = [number, number] | number[];
export type TRing = TPosition[];
export type TPolygonRings = TRing[];
export type TBox = [number, number, number, number];

export type TPolygonal =
  | { type: 'Polygon'; coordinates: TPolygonRings }
  | { type: 'MultiPolygon'; coordinates: TPolygonRings[] };

export type TMultiPolygon = { type: 'MultiPolygon'; coordinates: TPolygonRings[] };

export type TSimplifyOptions = {
  /** Decimals kept (3 ≈ 110 m). */
  digits: number;
  /** Douglas–Peucker tolerance in degrees; 0 drops only exactly collinear points. */
  tolerance: number;
  /** Outer rings enclosing less (square degrees) are dropped. */
  minArea?: number;
};

// biome-ignore lint/suspicious/noExplicitAny: GeoJSON of any shape is accepted and walked.
type TAnyGeoJson = any;

export function roundTo(value: number, digits: number): number;
export function segmentDistance(p: TPosition, a: TPosition, b: TPosition): number;
export function simplifyLine<T extends TPosition>(points: T[], tolerance: number): T[];
export function ringArea(ring: TRing): number;
export function cleanRing(ring: TRing, options: TSimplifyOptions): TRing | null;
export function polygonsOf(geometry: TPolygonal | null | undefined): TPolygonRings[];
export function simplifyGeometry(geometry: TPolygonal, options: TSimplifyOptions): TMultiPolygon | null;
export function countPositions(value: TAnyGeoJson): number;
export function boundsOf(value: TAnyGeoJson): TBox;
export function insidePolygon(point: TPosition, polygon: TPolygonRings): boolean;
export function labelPoint(polygon: TPolygonRings, options?: { precision?: number }): [number, number];
export function largestPolygon(geometry: TPolygonal): TPolygonRings | null;
export function geometryArea(geometry: TPolygonal): number;
export function clipRing(ring: TRing, box: TBox): TRing | null;
export function clipGeometry(geometry: TPolygonal, box: TBox): TMultiPolygon | null;
export function clipLine(line: TRing, box: TBox): TRing[];
