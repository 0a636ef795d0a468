import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PlaceholderPanel } from '../../../components/placeholder-panel';
import { StationLocationCard } from '../../../features/map/station-location-card';
import { useStation } from '../../../features/stations/queries';
import { directionsUrl, formatDate, formatDms, formatNumber } from '../../../lib/format';

export const Route = createLazyRoute('/shell/stations/$slug/')({ component: StationOverview });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The station's position as degrees-minutes-seconds and a Google Maps directions link (driving,
 * traffic layer on). The contracts helpers reject impossible coordinates; those show as numbers.
 */
function describeLocation(lat: number, lng: number): { text: string; directions: string | null } {
  try {
    return {
      text: `${formatDms(lat, 'lat')} ${formatDms(lng, 'lng')}`,
      directions: directionsUrl({ lat, lng }),
    };
  } catch {
    return { text: `${lat}, ${lng}`, directions: null };
  }
}

/** /stations/$slug: what the station record says today; live tiles come with the metrics work. */
function StationOverview() {
  const { slug } = Route.useParams();
  const { data: station } = useStation(slug);
  if (!station) return null;
  const location = describeLocation(station.lat, station.lng);
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Station details
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          <Fact label="Address">
            {station.address}
            <br />
            {station.city}, {station.state} {station.pincode}
          </Fact>
          <Fact label="Location">{location.text}</Fact>
          <Fact label="Dispensers">{formatNumber(station.dispenserCount)}</Fact>
          <Fact label="Opened">{formatDate(station.openedOn)}</Fact>
        </SimpleGrid>
      </Paper>
      <StationLocationCard station={station} directions={location.directions} />
      <PlaceholderPanel
        title="Today at a glance"
        summary="Live tiles for this station's day will sit here."
        planned={[
          'Sales and volume so far today, by fuel, against the same day last week',
          'Open incidents and dispensers out of service',
          'Queue length and average wait at the forecourt',
        ]}
      />
    </Stack>
  );
}
