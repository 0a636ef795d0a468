import type {
  DataDrivenPropertyValueSpecification,
  ExpressionSpecification,
  FilterSpecification,
  FontFacesSpecification,
  LayerSpecification,
  SourceSpecification,
  StyleSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { MAP_STYLES, type TMapStyleId } from '../../app/theme/map-style';
import {
  placeLayers,
  roadLayers,
  type TTileColours,
  type TTilesetDescription,
  tileSource,
} from './basemap-layers';

/**
 * The two offline basemap styles, `forecourt-light` and `forecourt-dark`: GeoJSON
 * sources generated at build time (scripts/build-basemap.mjs → /geo/*.geojson), vector tiles of
 * places and, when built with an OpenStreetMap extract, roads (→ /basemap/tiles), and Noto Sans
 * through the style's `font-faces`, so nothing is fetched from a tile, glyph or sprite server.
 *
 * This module only builds plain style objects (it imports maplibre-gl for types alone), so it is
 * cheap to test and never pulls the map library into the main bundle.
 */

export type TMapScheme = 'light' | 'dark';

export const MAP_FONT = 'Noto Sans Regular';

export const BASEMAP_SOURCES = {
  india: 'forecourt-india',
  world: 'forecourt-world',
  tiles: 'forecourt-tiles',
} as const;

/**
 * The vector tileset the build wrote (apps/web/public/basemap/tileset.json): `version` tags the
 * tile URLs so they can be cached for good; `layers` says whether roads were built.
 */
export type TBasemapTileset = TTilesetDescription;

/** Set by the build (the `forecourtBasemap` Vite plugin); absent in unit tests. */
declare const __FORECOURT_BASEMAP__: TBasemapTileset | null | undefined;

export const BASEMAP_TILESET: TBasemapTileset | null =
  typeof __FORECOURT_BASEMAP__ === 'undefined' ? null : __FORECOURT_BASEMAP__;

/** Paths under the app's base URL (apps/web/public). */
export const BASEMAP_FILES = {
  india: 'geo/india-states.geojson',
  world: 'geo/world-land.geojson',
  attribution: 'geo/ATTRIBUTION.txt',
  statesLicence: 'geo/india-states.LICENSE.txt',
  tiles: 'basemap/tiles/',
  latinFont: 'fonts/noto-sans-latin-400-normal.woff2',
  devanagariFont: 'fonts/noto-sans-devanagari-400-normal.woff2',
} as const;

/**
 * The area the offline basemap covers, [west, south, east, north] (scripts/build-basemap.mjs
 * `WORLD_BOX`); on the offline style the camera stays inside it, so the cut edge never shows.
 */
export const BASEMAP_BOUNDS: [number, number, number, number] = [28, -16, 132, 52];

export type TMapPalette = TTileColours & {
  water: string;
  land: string;
  india: string;
  countryBorder: string;
  stateBorder: string;
  stateLabel: string;
  countryLabel: string;
  seaLabel: string;
  /** Stations drawn on top (features/map/station-layers.ts). */
  cluster: string;
  clusterText: string;
  pointStroke: string;
  status: Record<'operational' | 'degraded' | 'offline' | 'closed', string>;
};

/** Calm colours that keep the stations (saturated) in front of the map (muted). */
export const MAP_PALETTES: Record<TMapScheme, TMapPalette> = {
  light: {
    water: '#d5e4ef',
    land: '#ebe8e1',
    india: '#fbfaf6',
    countryBorder: '#a9a297',
    stateBorder: '#b4aea4',
    stateLabel: '#4f5863',
    countryLabel: '#8b8f94',
    seaLabel: '#5f7f99',
    labelHalo: '#ffffff',
    placeLabel: '#2b323a',
    placeLabelMinor: '#4f5863',
    placeDot: '#4f5863',
    roadMajor: '#f6d7a4',
    roadMajorCasing: '#d7a867',
    roadMinor: '#ffffff',
    roadMinorCasing: '#cfc8bc',
    roadLabel: '#5c6068',
    cluster: '#4263eb',
    clusterText: '#ffffff',
    pointStroke: '#ffffff',
    status: { operational: '#2f9e44', degraded: '#f08c00', offline: '#e03131', closed: '#868e96' },
  },
  dark: {
    water: '#0e1822',
    land: '#1b2129',
    india: '#262d37',
    countryBorder: '#525b66',
    stateBorder: '#4a5461',
    stateLabel: '#c1c8d1',
    countryLabel: '#7d8590',
    seaLabel: '#5d7a93',
    labelHalo: '#10151b',
    placeLabel: '#e3e7ec',
    placeLabelMinor: '#b3bcc7',
    placeDot: '#b3bcc7',
    roadMajor: '#6b5a3e',
    roadMajorCasing: '#1b2129',
    roadMinor: '#4a5567',
    roadMinorCasing: '#1b2129',
    roadLabel: '#aab3bf',
    cluster: '#5c7cfa',
    clusterText: '#ffffff',
    pointStroke: '#10151b',
    status: { operational: '#40c057', degraded: '#fab005', offline: '#ff6b6b', closed: '#adb5bd' },
  },
};

export function schemeOf(styleId: TMapStyleId): TMapScheme {
  return styleId === MAP_STYLES.dark ? 'dark' : 'light';
}

/** Absolute URL of a public file; MapLibre's worker resolves relative URLs against itself. */
export function publicUrl(path: string, baseUrl: string): string {
  return new URL(path, baseUrl).href;
}

/** The app's base URL (`/` plus Vite's base), as an absolute URL. */
export function appBaseUrl(): string {
  return new URL(import.meta.env.BASE_URL, window.location.origin).href;
}

/**
 * Noto Sans for every label, Latin and Devanagari from two small WOFF2 files; MapLibre rasterises
 * them on the client. Added to configured tile styles too, so the station layers' labels render
 * whatever glyph server (if any) that style uses.
 */
export function mapFontFaces(baseUrl: string): FontFacesSpecification {
  return {
    [MAP_FONT]: [
      {
        url: publicUrl(BASEMAP_FILES.latinFont, baseUrl),
        'unicode-range': ['U+0000-00FF', 'U+0131', 'U+0152-0153', 'U+02BB-02BC', 'U+2000-206F', 'U+20AC'],
      },
      {
        url: publicUrl(BASEMAP_FILES.devanagariFont, baseUrl),
        'unicode-range': ['U+0900-097F', 'U+1CD0-1CF9', 'U+200C-200D', 'U+20A8', 'U+20B9', 'U+A8E0-A8FF'],
      },
    ],
  };
}

const kind = (value: string): ExpressionSpecification => ['==', ['get', 'kind'], value];
const labelRank = (value: number): FilterSpecification => [
  'all',
  kind('state-label'),
  ['==', ['get', 'rank'], value],
];

function textSize(small: number, large: number): DataDrivenPropertyValueSpecification<number> {
  return ['interpolate', ['linear'], ['zoom'], 3, small, 8, large];
}

/**
 * A complete offline style for one scheme. `baseUrl` locates /geo, /basemap and /fonts (see
 * {@link appBaseUrl}); `tileset` is the vector tileset the build wrote (none: states only).
 */
export function buildOfflineStyle(
  scheme: TMapScheme,
  baseUrl: string,
  tileset: TBasemapTileset | null = BASEMAP_TILESET,
): StyleSpecification {
  const palette = MAP_PALETTES[scheme];
  const attributionLink = publicUrl(BASEMAP_FILES.attribution, baseUrl);
  const licenceLink = publicUrl(BASEMAP_FILES.statesLicence, baseUrl);
  const sources: Record<string, SourceSpecification> = {
    [BASEMAP_SOURCES.world]: {
      type: 'geojson',
      data: publicUrl(BASEMAP_FILES.world, baseUrl),
      attribution: `<a href="${attributionLink}" target="_blank" rel="noreferrer">Natural Earth</a>`,
    },
    [BASEMAP_SOURCES.india]: {
      type: 'geojson',
      data: publicUrl(BASEMAP_FILES.india, baseUrl),
      attribution: `States: <a href="${attributionLink}" target="_blank" rel="noreferrer">world-geojson</a> (<a href="${licenceLink}" target="_blank" rel="noreferrer">GPL-3.0-or-later</a>)`,
    },
  };
  const hasRoads = tileset?.layers.includes('road') ?? false;
  if (tileset) {
    const link = (text: string) =>
      `<a href="${attributionLink}" target="_blank" rel="noreferrer">${text}</a>`;
    sources[BASEMAP_SOURCES.tiles] = tileSource(
      publicUrl(BASEMAP_FILES.tiles, baseUrl),
      tileset,
      [link('GeoNames'), ...(hasRoads ? [link('© OpenStreetMap contributors')] : [])].join(' | '),
    );
  }
  const labelLayout: SymbolLayerSpecification['layout'] = {
    'text-font': [MAP_FONT],
    'text-field': ['get', 'name'],
    'text-max-width': 8,
  };
  const labelPaint = {
    'text-halo-color': palette.labelHalo,
    'text-halo-width': 1.4,
  } as const;
  const stateLabel = (id: string, rank: number, minzoom: number, size: [number, number]) =>
    ({
      id,
      type: 'symbol',
      source: BASEMAP_SOURCES.india,
      minzoom,
      filter: labelRank(rank),
      layout: { ...labelLayout, 'text-size': textSize(size[0], size[1]), 'symbol-sort-key': rank },
      paint: { ...labelPaint, 'text-color': palette.stateLabel },
    }) satisfies LayerSpecification;

  const layers: LayerSpecification[] = [
    { id: 'water', type: 'background', paint: { 'background-color': palette.water } },
    {
      id: 'neighbours',
      type: 'fill',
      source: BASEMAP_SOURCES.world,
      filter: kind('country'),
      paint: { 'fill-color': palette.land },
    },
    {
      // Natural Earth's India under the states, in India's colour: slivers between simplified
      // state polygons never show as a neighbour.
      id: 'india-underlay',
      type: 'fill',
      source: BASEMAP_SOURCES.world,
      filter: kind('india-underlay'),
      paint: { 'fill-color': palette.india },
    },
    {
      id: 'country-borders',
      type: 'line',
      source: BASEMAP_SOURCES.world,
      filter: kind('border'),
      layout: { 'line-join': 'round' },
      paint: { 'line-color': palette.countryBorder, 'line-width': 0.8, 'line-dasharray': [3, 2] },
    },
    {
      id: 'india-states',
      type: 'fill',
      source: BASEMAP_SOURCES.india,
      filter: kind('state'),
      paint: { 'fill-color': palette.india },
    },
    {
      id: 'india-state-borders',
      type: 'line',
      source: BASEMAP_SOURCES.india,
      filter: kind('state'),
      layout: { 'line-join': 'round' },
      paint: {
        'line-color': palette.stateBorder,
        'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.4],
      },
    },
    {
      id: 'sea-labels',
      type: 'symbol',
      source: BASEMAP_SOURCES.world,
      filter: kind('sea-label'),
      minzoom: 2.5,
      maxzoom: 7,
      layout: { ...labelLayout, 'text-size': textSize(11, 15), 'text-letter-spacing': 0.15 },
      paint: { ...labelPaint, 'text-color': palette.seaLabel },
    },
    {
      id: 'country-labels',
      type: 'symbol',
      source: BASEMAP_SOURCES.world,
      filter: kind('country-label'),
      minzoom: 3,
      layout: {
        ...labelLayout,
        'text-size': textSize(10, 14),
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.1,
        'symbol-sort-key': ['get', 'rank'],
      },
      paint: { ...labelPaint, 'text-color': palette.countryLabel },
    },
    ...(tileset && hasRoads ? roadLayers(BASEMAP_SOURCES.tiles, palette, MAP_FONT) : []),
    stateLabel('state-labels-major', 1, 3.4, [10, 16]),
    stateLabel('state-labels-minor', 2, 4.4, [10, 14]),
    stateLabel('state-labels-small', 3, 6, [10, 13]),
    // Place names over state names: MapLibre places the upper layers' labels first.
    ...(tileset ? placeLayers(BASEMAP_SOURCES.tiles, palette, MAP_FONT) : []),
  ];

  return {
    version: 8,
    name: scheme === 'dark' ? MAP_STYLES.dark : MAP_STYLES.light,
    metadata: { 'forecourt:scheme': scheme },
    center: [80.5, 22.5],
    zoom: 3.6,
    'font-faces': mapFontFaces(baseUrl),
    sources,
    layers,
  };
}

/** Station (and other overlay) sources and layers drawn over whichever basemap is in force. */
export type TMapOverlay = {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
};

/**
 * The basemap with an overlay on top and Noto Sans available; used for the offline styles and
 * for a configured tile style alike (MapLibre's `transformStyle`).
 */
export function composeStyle(
  base: StyleSpecification,
  overlay: TMapOverlay,
  fontFaces: FontFacesSpecification,
): StyleSpecification {
  const baseFaces = base['font-faces'] ?? {};
  return {
    ...base,
    'font-faces': { ...baseFaces, ...fontFaces },
    sources: { ...base.sources, ...overlay.sources },
    layers: [...base.layers, ...overlay.layers],
  };
}

/**
 * A tile style URL from configuration, replacing the offline basemap (docs/DECISIONS.md, "Maps"):
 * `VITE_MAP_STYLE_URL` at build time, where `{scheme}` becomes `light` or `dark`, e.g.
 * `https://tiles.example.in/styles/{scheme}/style.json`. Anything that is not an http(s) URL
 * (or a path on this server) is ignored.
 */
export function configuredStyleUrl(
  scheme: TMapScheme,
  raw: unknown = import.meta.env.VITE_MAP_STYLE_URL,
): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const value = raw.trim().replaceAll('{scheme}', scheme);
  if (value.startsWith('/')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether the basemap in force for a scheme names towns and cities (the offline tiles do). */
export function basemapNamesPlaces(scheme: TMapScheme): boolean {
  return configuredStyleUrl(scheme) === null && BASEMAP_TILESET !== null;
}

/** What MapLibre should load for a style id: a configured URL, or the offline style object. */
export function basemapFor(styleId: TMapStyleId, baseUrl: string): StyleSpecification | string {
  const scheme = schemeOf(styleId);
  return configuredStyleUrl(scheme) ?? buildOfflineStyle(scheme, baseUrl);
}
