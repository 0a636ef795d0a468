/** Types of basemap-osm.mjs (plain JavaScript so it runs on bare Node). */
import type { Readable } from 'node:stream';

export type TRoadClass = 'motorway' | 'trunk' | 'primary' | 'secondary' | 'tertiary' | 'minor';
export type TRoadFeature = {
  type: 'Feature';
  properties: { class: TRoadClass; name?: string; ref?: string };
  geometry: { type: 'LineString'; coordinates: [number, number][] };
};

export const ROAD_CLASSES: Record<TRoadClass, { minzoom: number; highways: string[] }>;
export function highwayClasses(options?: { includeMinor?: boolean }): Map<string, TRoadClass>;
export function osmiumFilter(options?: { includeMinor?: boolean }): string;
export function roadsFromOsmXml(
  stream: Readable,
  options?: { includeMinor?: boolean },
): Promise<{ features: TRoadFeature[]; skipped: number }>;
export function readOsmRoads(
  path: string,
  options?: { includeMinor?: boolean; osmium?: string },
): Promise<{ features: TRoadFeature[]; skipped: number }>;
