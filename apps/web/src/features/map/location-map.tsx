import type { TStation } from '@forecourt/contracts';
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import classes from './map.module.css';
import { type GeoJSONSource, Marker } from './maplibre';
import { LOCATION_SOURCE, locationFeatures, locationOverlay } from './station-layers';
import { BASEMAP_TILESET, configuredStyleUrl, MAP_PALETTES } from './styles';
import { useThemedMap } from './use-themed-map';

export type TLocationMapProps = {
  station: Pick<TStation, 'lat' | 'lng' | 'name' | 'status' | 'city'>;
  height?: number | string;
  zoom?: number;
};

/**
 * How close the map starts: at street level when the basemap has streets (a configured tile style,
 * or offline tiles built with roads), else at the district around the station, where the offline
 * tiles name the towns and villages.
 */
function startZoom(): number {
  if (configuredStyleUrl('light') || BASEMAP_TILESET?.layers.includes('road')) return 13;
  return BASEMAP_TILESET ? 9.5 : 5.5;
}

/**
 * A small map of one station (its overview page): the area around it with its places (and roads
 * when the basemap has them), state borders, and a pin coloured by the station's status. Page
 * scrolling is left alone: zooming takes Ctrl/⌘ + scroll or two fingers, or the zoom buttons.
 */
export default function LocationMap({ station, height = 280, zoom = startZoom() }: TLocationMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const { map, ready, failure, markBusy, scheme } = useThemedMap(containerRef, {
    overlay: (current) => locationOverlay(current, station),
    options: {
      center: [station.lng, station.lat],
      zoom,
      minZoom: 3,
      maxZoom: 15,
      cooperativeGestures: true,
      dragRotate: false,
      pitchWithRotate: false,
    },
  });

  // The pin: a DOM marker, so it stays through theme switches; recoloured when the theme changes.
  const color = MAP_PALETTES[scheme].status[station.status];
  useEffect(() => {
    if (!map) return;
    const marker = new Marker({ color }).setLngLat([station.lng, station.lat]).addTo(map);
    const element = marker.getElement();
    element.setAttribute('aria-label', `${station.name}, ${station.city}`);
    element.setAttribute('role', 'img');
    element.dataset.testid = 'station-location-marker';
    return () => {
      marker.remove();
    };
  }, [map, color, station.lng, station.lat, station.name, station.city]);

  // Another station (same component, new props): move the view and the label.
  const { lat, lng, name, status } = station;
  useEffect(() => {
    if (!map) return;
    const source = map.getSource<GeoJSONSource>(LOCATION_SOURCE);
    if (!source) return;
    source.setData(locationFeatures({ lat, lng, name, status }));
    map.jumpTo({ center: [lng, lat] });
    markBusy();
  }, [map, lat, lng, name, status, markBusy]);

  return (
    <Box className={classes.frame} style={{ height }}>
      <section
        ref={containerRef}
        className={classes.map}
        aria-label={`Map of the location of ${station.name}`}
        data-testid="station-location-map"
        data-map-ready={ready && !failure ? 'true' : 'false'}
      />
      {failure && <div className={classes.overlay}>{failure}</div>}
    </Box>
  );
}
