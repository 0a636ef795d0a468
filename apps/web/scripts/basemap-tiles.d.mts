/** Types of basemap-tiles.mjs (plain JavaScript so it runs on bare Node). */
import type { TRoadFeature } from './basemap-osm.mjs';

export type TCity = {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { type: 'Point'; coordinates: [number, number] };
};
export type TPlaceFeature = {
  type: 'Feature';
  properties: { name: string; rank: number; population: number; capital?: 'country' | 'state' };
  geometry: { type: 'Point'; coordinates: [number, number] };
};
export type TTileset = {
  version: string;
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  layers: string[];
  tiles: number;
  bytes: number;
  budgetBytes: number;
  places: number;
  roads: number;
  sources?: string[];
};

export const TILE_EXTENT: number;
export const PLACES_MAXZOOM: number;
export const ROADS_MAXZOOM: number;
export const TILES_BOX: [number, number, number, number];
export const BUDGET_BYTES: { places: number; roads: number };
export const PLACE_MINZOOM: Record<number, number>;
export function placeRank(city: Pick<TCity, 'population' | 'featureCode'>): number;
export function placeFeatures(cities?: TCity[], box?: [number, number, number, number]): TPlaceFeature[];
export function vectorTiles(input: {
  places?: TPlaceFeature[];
  roads?: TRoadFeature[];
  maxzoom: number;
}): Generator<{ z: number; x: number; y: number; data: Uint8Array }>;
export function featureBounds(
  features: { geometry: { coordinates: unknown } }[],
): [number, number, number, number];
export function writeTileset(
  dir: string,
  options: {
    places: TPlaceFeature[];
    roads?: TRoadFeature[];
    version: string;
    budgetBytes?: number;
    sources?: string[];
  },
): TTileset;
