import type { TStation, TStationStatus } from '@forecourt/contracts';
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { MAP_FONT, MAP_PALETTES, type TMapOverlay, type TMapScheme } from './styles';

/** Stations as map data, and the layers that draw them (clusters, points, names, cities). */

export const STATION_SOURCE = 'forecourt-stations';
export const CITY_SOURCE = 'forecourt-station-cities';
export const LOCATION_SOURCE = 'forecourt-station-location';

export const STATION_LAYERS = {
  clusters: 'station-clusters',
  clusterCounts: 'station-cluster-counts',
  points: 'station-points',
  names: 'station-names',
  cities: 'station-cities',
  location: 'station-location',
  locationName: 'station-location-name',
} as const;

/** Clusters form up to this zoom; from the next one every station is a point. */
export const CLUSTER_MAX_ZOOM = 11;

export type TStationFeatureProperties = {
  slug: string;
  name: string;
  status: TStationStatus;
  city: string;
};

export type TPointFeature<P> = {
  type: 'Feature';
  id?: number;
  properties: P;
  geometry: { type: 'Point'; coordinates: [number, number] };
};
export type TPointCollection<P> = { type: 'FeatureCollection'; features: TPointFeature<P>[] };

/**
 * What the station map needs of a station: the station list's full record, or the command
 * centre's smaller one (no state). Extra fields ride along for the popup.
 */
export type TMapStation = Pick<TStation, 'id' | 'slug' | 'name' | 'city' | 'status' | 'lat' | 'lng'> & {
  state?: string;
};

/** A coordinate pair MapLibre can place: finite, in range, not the 0,0 of a missing value. */
export function hasUsableLocation(station: Pick<TStation, 'lat' | 'lng'>): boolean {
  const { lat, lng } = station;
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}

export function stationFeatures(
  stations: readonly TMapStation[],
): TPointCollection<TStationFeatureProperties> {
  return {
    type: 'FeatureCollection',
    features: stations.filter(hasUsableLocation).map((station) => ({
      type: 'Feature',
      id: station.id,
      properties: { slug: station.slug, name: station.name, status: station.status, city: station.city },
      geometry: { type: 'Point', coordinates: [station.lng, station.lat] },
    })),
  };
}

/** One label per city with stations, at the mean of its stations' positions. */
export function cityFeatures(
  stations: readonly TMapStation[],
): TPointCollection<{ name: string; stations: number }> {
  const cities = new Map<string, { name: string; lng: number; lat: number; count: number }>();
  for (const station of stations) {
    if (!hasUsableLocation(station) || !station.city) continue;
    const key = `${station.city.toLowerCase()}|${(station.state ?? '').toLowerCase()}`;
    const city = cities.get(key) ?? { name: station.city, lng: 0, lat: 0, count: 0 };
    city.lng += station.lng;
    city.lat += station.lat;
    city.count += 1;
    cities.set(key, city);
  }
  return {
    type: 'FeatureCollection',
    features: [...cities.values()].map((city) => ({
      type: 'Feature',
      properties: { name: city.name, stations: city.count },
      geometry: { type: 'Point', coordinates: [city.lng / city.count, city.lat / city.count] },
    })),
  };
}

/** `[[west, south], [east, north]]` around the stations, or null when none can be placed. */
export function stationBounds(
  stations: readonly Pick<TStation, 'lat' | 'lng'>[],
): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const station of stations) {
    if (!hasUsableLocation(station)) continue;
    west = Math.min(west, station.lng);
    east = Math.max(east, station.lng);
    south = Math.min(south, station.lat);
    north = Math.max(north, station.lat);
  }
  return Number.isFinite(west)
    ? [
        [west, south],
        [east, north],
      ]
    : null;
}

function statusColor(scheme: TMapScheme): ExpressionSpecification {
  const { status } = MAP_PALETTES[scheme];
  return [
    'match',
    ['get', 'status'],
    'operational',
    status.operational,
    'degraded',
    status.degraded,
    'offline',
    status.offline,
    status.closed,
  ];
}

const countOf = (value: TStationStatus): ExpressionSpecification => [
  '+',
  ['case', ['==', ['get', 'status'], value], 1, 0],
];

/**
 * The station list on the map: clusters (circles with counts, ringed red when a station inside is
 * offline and amber when one is degraded), single stations coloured by status, their names when
 * zoomed in, and the names of the cities they are in — unless the basemap names places itself
 * (`cityNames: false`: the offline tiles do), where they would only repeat its labels.
 */
export function stationOverlay(
  scheme: TMapScheme,
  stations: TPointCollection<TStationFeatureProperties>,
  cities: TPointCollection<{ name: string; stations: number }>,
  { cityNames = true }: { cityNames?: boolean } = {},
): TMapOverlay {
  const palette = MAP_PALETTES[scheme];
  const clusterFilter: ExpressionSpecification = ['has', 'point_count'];
  const pointFilter: ExpressionSpecification = ['!', ['has', 'point_count']];
  const layers: LayerSpecification[] = [
    {
      id: STATION_LAYERS.cities,
      type: 'symbol',
      source: CITY_SOURCE,
      minzoom: 5,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [MAP_FONT],
        'text-size': ['interpolate', ['linear'], ['zoom'], 5, 11, 10, 14],
        'text-anchor': 'top',
        'text-offset': [0, 1.3],
        'text-optional': true,
      },
      paint: {
        'text-color': palette.stateLabel,
        'text-halo-color': palette.labelHalo,
        'text-halo-width': 1.5,
      },
    },
    {
      id: STATION_LAYERS.clusters,
      type: 'circle',
      source: STATION_SOURCE,
      filter: clusterFilter,
      paint: {
        'circle-color': palette.cluster,
        'circle-opacity': 0.9,
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 50, 23, 250, 29, 1000, 35],
        'circle-stroke-width': 3,
        'circle-stroke-color': [
          'case',
          ['>', ['get', 'offline'], 0],
          palette.status.offline,
          ['>', ['get', 'degraded'], 0],
          palette.status.degraded,
          palette.pointStroke,
        ],
      },
    },
    {
      id: STATION_LAYERS.clusterCounts,
      type: 'symbol',
      source: STATION_SOURCE,
      filter: clusterFilter,
      layout: {
        'text-field': ['get', 'point_count_abbreviated'],
        'text-font': [MAP_FONT],
        'text-size': 12,
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': palette.clusterText },
    },
    {
      id: STATION_LAYERS.points,
      type: 'circle',
      source: STATION_SOURCE,
      filter: pointFilter,
      paint: {
        'circle-color': statusColor(scheme),
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 6, 12, 8],
        'circle-stroke-width': 2,
        'circle-stroke-color': palette.pointStroke,
      },
    },
    {
      id: STATION_LAYERS.names,
      type: 'symbol',
      source: STATION_SOURCE,
      filter: pointFilter,
      minzoom: 7,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [MAP_FONT],
        'text-size': 12,
        'text-anchor': 'left',
        'text-offset': [0.9, 0],
        'text-optional': true,
        'text-max-width': 10,
      },
      paint: {
        'text-color': palette.stateLabel,
        'text-halo-color': palette.labelHalo,
        'text-halo-width': 1.5,
      },
    },
  ];
  return {
    sources: {
      [CITY_SOURCE]: { type: 'geojson', data: cities },
      [STATION_SOURCE]: {
        type: 'geojson',
        data: stations,
        cluster: true,
        clusterRadius: 46,
        clusterMaxZoom: CLUSTER_MAX_ZOOM,
        clusterProperties: { offline: countOf('offline'), degraded: countOf('degraded') },
      },
    },
    layers: cityNames ? layers : layers.filter((layer) => layer.id !== STATION_LAYERS.cities),
  };
}

type TLocated = Pick<TStation, 'lat' | 'lng' | 'name' | 'status'>;

export function locationFeatures(station: TLocated): TPointCollection<Pick<TStation, 'name' | 'status'>> {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: station.name, status: station.status },
        geometry: { type: 'Point', coordinates: [station.lng, station.lat] },
      },
    ],
  };
}

/** One station's position for its overview page: its name under the pin (a DOM marker). */
export function locationOverlay(scheme: TMapScheme, station: TLocated): TMapOverlay {
  const palette = MAP_PALETTES[scheme];
  return {
    sources: { [LOCATION_SOURCE]: { type: 'geojson', data: locationFeatures(station) } },
    layers: [
      {
        id: STATION_LAYERS.locationName,
        type: 'symbol',
        source: LOCATION_SOURCE,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MAP_FONT],
          'text-size': 13,
          'text-anchor': 'top',
          'text-offset': [0, 0.8],
          'text-max-width': 12,
        },
        paint: {
          'text-color': palette.stateLabel,
          'text-halo-color': palette.labelHalo,
          'text-halo-width': 1.6,
        },
      },
    ],
  };
}
