/** Types of build-basemap.mjs (plain JavaScript so it runs on bare Node). */
import type { Plugin } from 'vite';

export const WORLD_BOX: [number, number, number, number];

export const OUTPUT: {
  geoDir: string;
  fontsDir: string;
  states: string;
  world: string;
  stamp: string;
  tilesDir: string;
  tileset: string;
};

// biome-ignore lint/suspicious/noExplicitAny: GeoJSON objects as written to disk.
type TFeatureCollection = { type: 'FeatureCollection'; bbox?: number[]; features: any[] };

export function buildIndiaStates(sourceDir?: string): {
  collection: TFeatureCollection;
  inputPositions: number;
  outputPositions: number;
  states: number;
};
export function buildWorldLand(box?: [number, number, number, number]): TFeatureCollection;
export function buildBasemap(options?: {
  force?: boolean;
  log?: (message: string) => void;
  /** An OpenStreetMap extract for roads; `false` for none. */
  osm?: string | false;
  includeMinor?: boolean;
}): Promise<boolean>;
export type TTilesetSummary = {
  version: string;
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  layers: string[];
};
export function readTilesetSummary(path?: string): TTilesetSummary | null;
export function forecourtBasemap(): Plugin;
