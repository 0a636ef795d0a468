import type {
  DataDrivenPropertyValueSpecification,
  ExpressionSpecification,
  LayerSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';

/**
 * The vector-tile part of the offline basemap (styles.ts): the tile source and the layers that draw
 * its `road` and `place` layers (scripts/basemap-tiles.mjs writes them). Plain style objects only.
 */

/** Colours these layers use; part of the map palette (styles.ts `TMapPalette`). */
export type TTileColours = {
  labelHalo: string;
  placeLabel: string;
  placeLabelMinor: string;
  placeDot: string;
  roadMajor: string;
  roadMajorCasing: string;
  roadMinor: string;
  roadMinorCasing: string;
  roadLabel: string;
};

export type TTilesetDescription = {
  version: string;
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  layers: string[];
};

/**
 * The tile source: `{z}/{x}/{y}.pbf` under the app's base URL, tagged with the tileset's version
 * so a rebuilt tileset is fetched anew while an unchanged one stays cached. `bounds` keeps MapLibre
 * from asking for tiles outside the area the tiles cover.
 */
export function tileSource(
  tilesBaseUrl: string,
  tileset: TTilesetDescription,
  attribution: string,
): VectorSourceSpecification {
  return {
    type: 'vector',
    tiles: [`${tilesBaseUrl}{z}/{x}/{y}.pbf?v=${encodeURIComponent(tileset.version)}`],
    minzoom: tileset.minzoom,
    maxzoom: tileset.maxzoom,
    bounds: tileset.bounds,
    attribution,
  };
}

const roadClass = (...classes: string[]): ExpressionSpecification => [
  'match',
  ['get', 'class'],
  classes,
  true,
  false,
];

/** Widths in pixels by zoom: `at` gives [zoom, width] stops. */
function width(...at: [number, number][]): DataDrivenPropertyValueSpecification<number> {
  return ['interpolate', ['exponential', 1.5], ['zoom'], ...at.flat()];
}

/** Roads in two passes (casing, then fill), minor roads under major ones, names along the larger. */
export function roadLayers(source: string, colours: TTileColours, font: string): LayerSpecification[] {
  const major = roadClass('motorway', 'trunk', 'primary');
  const minor = roadClass('secondary', 'tertiary', 'minor');
  const minorWidth = width([9, 0.6], [12, 2], [15, 8]);
  const majorWidth = width([5, 0.6], [9, 1.6], [12, 3.5], [15, 12]);
  const base = { type: 'line' as const, source, 'source-layer': 'road' };
  const round = { 'line-join': 'round', 'line-cap': 'round' } as const;
  return [
    {
      ...base,
      id: 'road-minor-casing',
      filter: minor,
      minzoom: 11,
      layout: round,
      paint: { 'line-color': colours.roadMinorCasing, 'line-gap-width': minorWidth, 'line-width': 0.8 },
    },
    {
      ...base,
      id: 'road-minor',
      filter: minor,
      layout: round,
      paint: { 'line-color': colours.roadMinor, 'line-width': minorWidth },
    },
    {
      ...base,
      id: 'road-major-casing',
      filter: major,
      minzoom: 8,
      layout: round,
      paint: { 'line-color': colours.roadMajorCasing, 'line-gap-width': majorWidth, 'line-width': 0.8 },
    },
    {
      ...base,
      id: 'road-major',
      filter: major,
      layout: round,
      paint: { 'line-color': colours.roadMajor, 'line-width': majorWidth },
    },
    {
      id: 'road-names',
      type: 'symbol',
      source,
      'source-layer': 'road',
      minzoom: 12,
      filter: ['has', 'name'],
      layout: {
        'symbol-placement': 'line',
        'text-field': ['get', 'name'],
        'text-font': [font],
        'text-size': ['interpolate', ['linear'], ['zoom'], 12, 10, 16, 13],
        'text-max-angle': 30,
      },
      paint: {
        'text-color': colours.roadLabel,
        'text-halo-color': colours.labelHalo,
        'text-halo-width': 1.4,
      },
    },
  ];
}

const rankAtMost = (rank: number): ExpressionSpecification => ['<=', ['get', 'rank'], rank];

/**
 * Place names, larger places first and from further out: cities (rank ≤ 2) from the country view
 * with a dot, towns (rank 3–4) from the region view, villages (rank 5–6) at city zoom.
 */
export function placeLayers(source: string, colours: TTileColours, font: string): LayerSpecification[] {
  const base = { type: 'symbol' as const, source, 'source-layer': 'place' };
  const paint = (color: string) => ({
    'text-color': color,
    'text-halo-color': colours.labelHalo,
    'text-halo-width': 1.5,
  });
  const layout = (size: DataDrivenPropertyValueSpecification<number>) => ({
    'text-field': ['get', 'name'] as ExpressionSpecification,
    'text-font': [font],
    'text-size': size,
    'text-max-width': 8,
    'symbol-sort-key': ['get', 'rank'] as ExpressionSpecification,
  });
  return [
    {
      id: 'place-dots',
      type: 'circle',
      source,
      'source-layer': 'place',
      filter: rankAtMost(2),
      minzoom: 4.5,
      maxzoom: 9,
      paint: {
        'circle-color': colours.placeDot,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4.5, 2, 9, 3],
        'circle-stroke-color': colours.labelHalo,
        'circle-stroke-width': 1,
      },
    },
    {
      ...base,
      id: 'place-labels-village',
      filter: ['>=', ['get', 'rank'], 5],
      minzoom: 9.5,
      layout: layout(['interpolate', ['linear'], ['zoom'], 9.5, 10, 14, 13]),
      paint: paint(colours.placeLabelMinor),
    },
    {
      ...base,
      id: 'place-labels-town',
      filter: ['all', ['>=', ['get', 'rank'], 3], rankAtMost(4)],
      minzoom: 6.5,
      layout: layout(['interpolate', ['linear'], ['zoom'], 6.5, 10, 12, 14]),
      paint: paint(colours.placeLabelMinor),
    },
    {
      ...base,
      id: 'place-labels-city',
      filter: rankAtMost(2),
      minzoom: 4.5,
      layout: {
        ...layout([
          'interpolate',
          ['linear'],
          ['zoom'],
          4.5,
          ['match', ['get', 'rank'], 1, 12, 10.5],
          10,
          16,
        ]),
        // Beside the dot while there is one, on the place itself once the dots are gone.
        'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
        'text-radial-offset': ['step', ['zoom'], 0.5, 9, 0],
      },
      paint: paint(colours.placeLabel),
    },
  ];
}
