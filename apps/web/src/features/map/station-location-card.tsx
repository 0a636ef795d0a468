import type { TStation } from '@forecourt/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { lazy } from 'react';
import { MapOnScreen } from './map-on-screen';
import { hasUsableLocation } from './station-layers';
import { browserHasWebGl } from './webgl';

const LocationMap = lazy(() => import('./location-map'));

const HEIGHT = 280;

/**
 * The station overview's location panel: a small map with the station's pin (lazy, offline
 * basemap) and the driving-directions link (Google Maps, driving, traffic layer).
 */
export function StationLocationCard({
  station,
  directions,
}: {
  station: Pick<TStation, 'lat' | 'lng' | 'name' | 'status' | 'city' | 'state'>;
  /** Google Maps directions to the station, or null when its coordinates are unusable. */
  directions: string | null;
}) {
  const canDraw = browserHasWebGl() && hasUsableLocation(station);
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Location
          </Title>
          <Text size="sm" c="dimmed">
            {station.name}, {station.city}, {station.state}
          </Text>
        </Stack>
        {directions && (
          <Button
            component="a"
            href={directions}
            target="_blank"
            rel="noreferrer"
            variant="light"
            size="sm"
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            Directions
          </Button>
        )}
      </Group>
      {canDraw ? (
        <MapOnScreen height={HEIGHT}>
          <LocationMap station={station} height={HEIGHT} />
        </MapOnScreen>
      ) : (
        <Text size="sm" c="dimmed">
          {hasUsableLocation(station)
            ? 'This browser cannot draw maps (WebGL is unavailable).'
            : 'This station has no usable coordinates to show on a map.'}
        </Text>
      )}
    </Paper>
  );
}
