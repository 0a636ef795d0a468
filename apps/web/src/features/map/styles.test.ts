import type { TStation } from '@forecourt/contracts';
// The validator of the style spec maplibre-gl itself uses (a dependency of maplibre-gl).
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { MAP_STYLES } from '../../app/theme/map-style';
import { testStation } from '../../test/stations';
import {
  CITY_SOURCE,
  cityFeatures,
  locationOverlay,
  STATION_SOURCE,
  stationBounds,
  stationFeatures,
  stationOverlay,
} from './station-layers';
import {
  BASEMAP_SOURCES,
  basemapFor,
  buildOfflineStyle,
  composeStyle,
  configuredStyleUrl,
  MAP_FONT,
  mapFontFaces,
  schemeOf,
  type TMapScheme,
} from './styles';

const BASE = 'http://127.0.0.1:8080/';
const SCHEMES: TMapScheme[] = ['light', 'dark'];

const station = (overrides: Partial<TStation>): TStation =>
  testStation({ pincode: '411045', lat: 18.56, lng: 73.79, ...overrides });

const STATIONS = [
  station({}),
  station({ id: 2, slug: 'kothrud', name: 'Kothrud', lat: 18.5, lng: 73.81, status: 'offline' }),
  station({
    id: 3,
    slug: 'mg-road',
    name: 'MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    lat: 12.97,
    lng: 77.6,
  }),
  station({ id: 4, slug: 'nowhere', name: 'No coordinates', lat: 0, lng: 0 }),
];

function textFonts(layer: LayerSpecification): string[] {
  if (layer.type !== 'symbol') return [];
  const fonts = layer.layout?.['text-font'];
  return Array.isArray(fonts) ? (fonts as string[]) : [];
}

/** What every style we hand MapLibre must satisfy. */
function expectSound(style: StyleSpecification) {
  expect(validateStyleMin(style)).toEqual([]);
  const ids = style.layers.map((layer) => layer.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const layer of style.layers) {
    if ('source' in layer && layer.source !== undefined) {
      expect(Object.keys(style.sources), `${layer.id} → ${layer.source}`).toContain(layer.source);
    }
    for (const font of textFonts(layer)) {
      expect(Object.keys(style['font-faces'] ?? {}), `${layer.id} uses ${font}`).toContain(font);
    }
  }
  // Offline means no glyph server, sprite or tile URLs.
  expect(style.glyphs).toBeUndefined();
  expect(style.sprite).toBeUndefined();
}

describe('the offline map styles', () => {
  it.each(SCHEMES)('builds a valid %s basemap from local files only', (scheme) => {
    const style = buildOfflineStyle(scheme, BASE);
    expectSound(style);
    expect(style.name).toBe(scheme === 'dark' ? 'forecourt-dark' : 'forecourt-light');
    for (const source of Object.values(style.sources)) {
      if (source.type === 'vector') continue;
      expect(source.type).toBe('geojson');
      if (source.type === 'geojson')
        expect(String(source.data)).toMatch(/^http:\/\/127\.0\.0\.1:8080\/geo\//);
    }
    for (const faces of Object.values(style['font-faces'] ?? {})) {
      for (const face of Array.isArray(faces) ? faces : [{ url: faces }]) {
        expect(face.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/fonts\/noto-sans-.*\.woff2$/);
      }
    }
    // The states' licence travels with the map.
    expect(JSON.stringify(style.sources)).toContain('GPL-3.0-or-later');
  });

  it('gives the two themes different colours on the same layers', () => {
    const light = buildOfflineStyle('light', BASE);
    const dark = buildOfflineStyle('dark', BASE);
    expect(light.layers.map((layer) => layer.id)).toEqual(dark.layers.map((layer) => layer.id));
    expect(light.sources).toEqual(dark.sources);
    expect(JSON.stringify(light.layers)).not.toEqual(JSON.stringify(dark.layers));
  });

  it.each(SCHEMES)('stays valid with the stations drawn on top (%s)', (scheme) => {
    const overlay = stationOverlay(scheme, stationFeatures(STATIONS), cityFeatures(STATIONS));
    const style = composeStyle(buildOfflineStyle(scheme, BASE), overlay, mapFontFaces(BASE));
    expectSound(style);
    expect(style.layers.at(-1)?.id).toBe('station-names');
    const stations = style.sources[STATION_SOURCE];
    expect(stations?.type === 'geojson' && stations.cluster).toBe(true);
    expect(style.sources[CITY_SOURCE]).toBeDefined();

    const location = composeStyle(
      buildOfflineStyle(scheme, BASE),
      locationOverlay(scheme, STATIONS[0] as TStation),
      mapFontFaces(BASE),
    );
    expectSound(location);
  });

  it('adds Noto Sans to a configured tile style without dropping its own fonts', () => {
    const remote: StyleSpecification = {
      version: 8,
      glyphs: 'https://tiles.example.in/fonts/{fontstack}/{range}.pbf',
      'font-faces': { 'Open Sans': 'https://tiles.example.in/open-sans.woff2' },
      sources: {},
      layers: [{ id: 'bg', type: 'background' }],
    };
    const style = composeStyle(
      remote,
      stationOverlay('light', stationFeatures([]), cityFeatures([])),
      mapFontFaces(BASE),
    );
    expect(Object.keys(style['font-faces'] ?? {}).sort()).toEqual(['Open Sans', MAP_FONT].sort());
    expect(style.glyphs).toBe(remote.glyphs);
    expect(style.layers[0]?.id).toBe('bg');
  });
});

describe('the offline vector tiles', () => {
  const PLACES = {
    version: 'v1',
    minzoom: 0,
    maxzoom: 8,
    bounds: [66.6, 5.5, 99, 37.3] as [number, number, number, number],
    layers: ['place'],
  };
  const ROADS = { ...PLACES, maxzoom: 12, layers: ['place', 'road'] };
  const ids = (style: StyleSpecification) => style.layers.map((layer) => layer.id);

  it.each(SCHEMES)('draws place names from the local tiles (%s)', (scheme) => {
    const style = buildOfflineStyle(scheme, BASE, PLACES);
    expectSound(style);
    const tiles = style.sources[BASEMAP_SOURCES.tiles];
    expect(tiles).toMatchObject({
      type: 'vector',
      tiles: ['http://127.0.0.1:8080/basemap/tiles/{z}/{x}/{y}.pbf?v=v1'],
      minzoom: 0,
      maxzoom: 8,
      bounds: PLACES.bounds,
    });
    // Credited in the map, with a link to the attribution file that names the licences.
    expect(tiles?.type === 'vector' && tiles.attribution).toMatch(/geo\/ATTRIBUTION\.txt.*GeoNames/);
    expect(tiles?.type === 'vector' && tiles.attribution).not.toMatch(/OpenStreetMap/);
    expect(ids(style)).toEqual(
      expect.arrayContaining(['place-labels-city', 'place-labels-town', 'place-labels-village']),
    );
    expect(ids(style).filter((id) => id.startsWith('road-'))).toEqual([]);
    // Place names are the top basemap layers, so MapLibre places them before state names.
    expect(ids(style).at(-1)).toBe('place-labels-city');
  });

  it('draws roads under the names, and credits OpenStreetMap, when the tiles have roads', () => {
    const style = buildOfflineStyle('dark', BASE, ROADS);
    expectSound(style);
    const order = ids(style);
    expect(order.indexOf('road-major')).toBeGreaterThan(order.indexOf('india-state-borders'));
    expect(order.indexOf('road-major')).toBeLessThan(order.indexOf('state-labels-major'));
    expect(order.indexOf('road-minor')).toBeLessThan(order.indexOf('road-major'));
    const tiles = style.sources[BASEMAP_SOURCES.tiles];
    expect(tiles?.type === 'vector' && tiles.attribution).toMatch(/© OpenStreetMap contributors/);
    expect(ids(buildOfflineStyle('light', BASE, ROADS))).toEqual(order);
  });

  it('stays valid with the station overlay on top of the tiles, which then names no cities itself', () => {
    const overlay = stationOverlay('light', stationFeatures(STATIONS), cityFeatures(STATIONS), {
      cityNames: false,
    });
    const style = composeStyle(buildOfflineStyle('light', BASE, ROADS), overlay, mapFontFaces(BASE));
    expectSound(style);
    expect(ids(style)).not.toContain('station-cities');
    expect(style.sources[CITY_SOURCE]).toBeDefined();
    expect(ids(style)).toContain('station-points');
  });
});

describe('the configured tile style', () => {
  it('is used only when it is an http(s) URL or a path, with {scheme} filled in', () => {
    expect(configuredStyleUrl('dark', 'https://tiles.example.in/styles/{scheme}/style.json')).toBe(
      'https://tiles.example.in/styles/dark/style.json',
    );
    expect(configuredStyleUrl('light', '/tiles/style.json')).toBe('/tiles/style.json');
    expect(configuredStyleUrl('light', '')).toBeNull();
    expect(configuredStyleUrl('light', undefined)).toBeNull();
    expect(configuredStyleUrl('light', 'javascript:alert(1)')).toBeNull();
    expect(configuredStyleUrl('light', 'not a url')).toBeNull();
  });

  it('falls back to the offline style of the theme when none is configured', () => {
    const light = basemapFor(MAP_STYLES.light, BASE);
    const dark = basemapFor(MAP_STYLES.dark, BASE);
    expect(typeof light === 'object' && light.name).toBe('forecourt-light');
    expect(typeof dark === 'object' && dark.name).toBe('forecourt-dark');
    expect(schemeOf(MAP_STYLES.dark)).toBe('dark');
  });
});

describe('stations as map data', () => {
  it('leaves out stations without usable coordinates', () => {
    const features = stationFeatures(STATIONS);
    expect(features.features.map((feature) => feature.properties.slug)).toEqual([
      'baner-road',
      'kothrud',
      'mg-road',
    ]);
    expect(features.features[0]?.geometry.coordinates).toEqual([73.79, 18.56]);
  });

  it('names each city once, at the middle of its stations', () => {
    const cities = cityFeatures(STATIONS).features;
    expect(cities.map((city) => [city.properties.name, city.properties.stations])).toEqual([
      ['Pune', 2],
      ['Bengaluru', 1],
    ]);
    const [lng, lat] = cities[0]?.geometry.coordinates ?? [];
    expect(lng).toBeCloseTo(73.8, 5);
    expect(lat).toBeCloseTo(18.53, 5);
  });

  it('frames the stations, or nothing when none can be placed', () => {
    expect(stationBounds(STATIONS)).toEqual([
      [73.79, 12.97],
      [77.6, 18.56],
    ]);
    expect(stationBounds([STATIONS[3] as TStation])).toBeNull();
    expect(stationBounds([])).toBeNull();
  });
});
