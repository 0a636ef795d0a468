import { STATION_STATUSES, type TStation } from '@forecourt/contracts';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { AnchorLink } from '../../components/links';
import { FUEL_PROVIDER_LABELS, FuelBadges, STATUS_LABELS, StationStatusBadge } from '../stations';
import classes from './map.module.css';
import { type GeoJSONSource, type MapLayerMouseEvent, Popup } from './maplibre';
import {
  CITY_SOURCE,
  cityFeatures,
  STATION_LAYERS,
  STATION_SOURCE,
  stationBounds,
  stationFeatures,
  stationOverlay,
  type TMapStation,
} from './station-layers';
import { basemapNamesPlaces, MAP_PALETTES, type TMapScheme } from './styles';
import { useThemedMap } from './use-themed-map';

/** India as a whole, for an empty map. */
const INDIA_VIEW = { center: [80.5, 22.5] as [number, number], zoom: 3.6 };
const FIT_MAX_ZOOM = 11;

type TSelection<T> = { station: T; lngLat: [number, number] };

export type TStationMapProps<T extends TMapStation = TStation> = {
  stations: readonly T[];
  /** Read by screen readers as the map's name, e.g. "Map of 24 stations". */
  label: string;
  /** Shown over the map, e.g. an empty state. */
  overlay?: ReactNode;
  height?: number | string;
  /**
   * More lines for a station's popup, under its name, place, status and fuels (when the records
   * have them) and above the link to the station, e.g. its takings.
   */
  popupDetails?: (station: T) => ReactNode;
};

/**
 * The station list on a map (lazily loaded with maplibre-gl): clustered, coloured by status,
 * fitted to the stations. Clicking a cluster zooms into it; clicking a station opens a popup with
 * its name, city, status, fuels and a link to its page. The table of the list view stays the
 * keyboard-first way through the same stations; the map itself pans and zooms with the keys.
 */
export default function StationMap<T extends TMapStation = TStation>({
  stations,
  label,
  overlay,
  height = 560,
  popupDetails,
}: TStationMapProps<T>) {
  const containerRef = useRef<HTMLElement>(null);
  const features = useMemo(() => stationFeatures(stations), [stations]);
  const cities = useMemo(() => cityFeatures(stations), [stations]);
  const bySlug = useMemo(() => new Map(stations.map((station) => [station.slug, station])), [stations]);
  const bySlugRef = useRef(bySlug);
  const bounds = useMemo(() => stationBounds(stations), [stations]);
  const boundsKey = bounds ? bounds.flat().join(',') : 'none';
  const [selected, setSelected] = useState<TSelection<T> | null>(null);

  const { map, ready, failure, markBusy, scheme } = useThemedMap(containerRef, {
    overlay: (scheme) => stationOverlay(scheme, features, cities, { cityNames: !basemapNamesPlaces(scheme) }),
    options: { ...INDIA_VIEW, minZoom: 2, maxZoom: 17, dragRotate: false, pitchWithRotate: false },
  });

  // New data for the live map; the first style load takes it from `overlay` instead.
  useEffect(() => {
    if (!map) return;
    const stationSource = map.getSource<GeoJSONSource>(STATION_SOURCE);
    if (!stationSource) return;
    stationSource.setData(features);
    map.getSource<GeoJSONSource>(CITY_SOURCE)?.setData(cities);
    markBusy();
  }, [map, features, cities, markBusy]);

  // Frame the stations whenever the set changes (not on a refetch that returns the same places).
  const fittedOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `boundsKey` stands for `bounds`.
  useEffect(() => {
    if (!map) return;
    const animate = fittedOnce.current;
    fittedOnce.current = true;
    if (!bounds) {
      map.jumpTo(INDIA_VIEW);
      return;
    }
    const canvas = map.getCanvas();
    const padding = Math.max(
      8,
      Math.min(56, Math.floor(Math.min(canvas.clientWidth, canvas.clientHeight) / 8)),
    );
    map.fitBounds(bounds, { padding, maxZoom: FIT_MAX_ZOOM, duration: animate ? 600 : 0 });
  }, [map, boundsKey]);

  // Clusters zoom in; stations open their popup; the pointer shows what can be clicked.
  useEffect(() => {
    if (!map) return;
    const onClusterClick = async (event: MapLayerMouseEvent) => {
      const cluster = event.features?.[0];
      const clusterId = cluster?.properties?.cluster_id;
      const source = map.getSource<GeoJSONSource>(STATION_SOURCE);
      if (!cluster || typeof clusterId !== 'number' || !source || cluster.geometry.type !== 'Point') return;
      const zoom = await source.getClusterExpansionZoom(clusterId);
      const [lng, lat] = cluster.geometry.coordinates as [number, number];
      map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, map.getMaxZoom()) });
    };
    const onStationClick = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const station = bySlugRef.current.get(String(feature?.properties?.slug));
      if (!station) return;
      setSelected({ station, lngLat: [station.lng, station.lat] });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const noPointer = () => {
      map.getCanvas().style.cursor = '';
    };
    const clickable = [STATION_LAYERS.clusters, STATION_LAYERS.points];
    map.on('click', STATION_LAYERS.clusters, onClusterClick);
    map.on('click', STATION_LAYERS.points, onStationClick);
    for (const layer of clickable) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, noPointer);
    }
    return () => {
      map.off('click', STATION_LAYERS.clusters, onClusterClick);
      map.off('click', STATION_LAYERS.points, onStationClick);
      for (const layer of clickable) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, noPointer);
      }
    };
  }, [map]);

  useEffect(() => {
    bySlugRef.current = bySlug;
    // A station that left the filtered set loses its popup.
    setSelected((current) => (current && !bySlug.has(current.station.slug) ? null : current));
  }, [bySlug]);

  // The popup: MapLibre places it, React renders its content (with router and theme) through a portal.
  const [popupNode] = useState(() => document.createElement('div'));
  const popupContentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!map || !selected) return;
    const popup = new Popup({
      offset: 14,
      maxWidth: '300px',
      focusAfterOpen: false,
      className: classes.popup,
    })
      .setLngLat(selected.lngLat)
      .setDOMContent(popupNode)
      .addTo(map);
    popup.on('close', () => setSelected((current) => (current === selected ? null : current)));
    popupContentRef.current?.focus();
    return () => {
      popup.remove();
    };
  }, [map, selected, popupNode]);

  const closePopup = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setSelected(null);
    map?.getCanvas().focus();
  };

  useEffect(() => {
    map?.getCanvas().setAttribute('aria-label', label);
  }, [map, label]);

  return (
    <Box className={classes.frame} style={{ height }}>
      <section
        ref={containerRef}
        className={classes.map}
        aria-label={label}
        data-testid="station-map"
        data-map-ready={ready && !failure ? 'true' : 'false'}
      />
      {failure && (
        <div className={classes.overlay}>
          <Text size="sm" role="alert">
            {failure}
          </Text>
        </div>
      )}
      {!failure && overlay && <div className={classes.overlay}>{overlay}</div>}
      {!failure && !overlay && <StatusLegend scheme={scheme} />}
      {selected &&
        createPortal(
          <div
            ref={popupContentRef}
            role="dialog"
            tabIndex={-1}
            className={classes.popupContent}
            aria-label={`${selected.station.name}, ${selected.station.city}`}
            data-testid="station-popup"
            onKeyDown={closePopup}
          >
            <StationPopupContent station={selected.station}>
              {popupDetails?.(selected.station)}
            </StationPopupContent>
          </div>,
          popupNode,
        )}
    </Box>
  );
}

const isFullStation = (station: TMapStation): station is TStation =>
  'fuels' in station && 'fuelProvider' in station;

function StationPopupContent({ station, children }: { station: TMapStation; children?: ReactNode }) {
  const full = isFullStation(station) ? station : null;
  return (
    <Stack gap={6}>
      <Title order={3} size="h5" lh={1.25} pr="md">
        {station.name}
      </Title>
      <Text size="xs" c="dimmed">
        {full
          ? `${full.city}, ${full.state} · ${FUEL_PROVIDER_LABELS[full.fuelProvider]}`
          : [station.city, station.state].filter(Boolean).join(', ')}
      </Text>
      <Group gap={6}>
        <StationStatusBadge status={station.status} />
      </Group>
      {full && <FuelBadges fuels={full.fuels} />}
      {children}
      <AnchorLink to="/stations/$slug" params={{ slug: station.slug }} size="sm" fw={600}>
        Open station
      </AnchorLink>
    </Stack>
  );
}

/** Which colour means which status; clusters take the colour of their worst station as a ring. */
function StatusLegend({ scheme }: { scheme: TMapScheme }) {
  const colors = MAP_PALETTES[scheme].status;
  return (
    <Group gap="sm" className={classes.legend} aria-hidden>
      {STATION_STATUSES.map((status) => (
        <Group key={status} gap={5} wrap="nowrap">
          <span className={classes.dot} style={{ background: colors[status] }} />
          <Text size="xs">{STATUS_LABELS[status]}</Text>
        </Group>
      ))}
    </Group>
  );
}
