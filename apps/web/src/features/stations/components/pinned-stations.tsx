import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { AnchorLink } from '../../../components/links';
import { useStationPins } from '../pins';
import { StationPinButton } from './pin-button';
import { StationStatusBadge } from './station-badges';

/** The caller's pinned stations, first on the station list: one tap to each; nothing when none. */
export function PinnedStations() {
  const pins = useStationPins();
  const results = pins.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="pinned-stations-title">
      <Stack gap="xs">
        <Group gap={6}>
          <IconStarFilled size={16} aria-hidden color="var(--mantine-color-yellow-6)" />
          <Title order={2} size="h5" id="pinned-stations-title">
            Pinned stations
          </Title>
        </Group>
        <Group gap="xs" data-testid="pinned-stations" wrap="wrap">
          {results.map((pin) => (
            <Paper
              key={pin.slug}
              withBorder
              radius="sm"
              px="sm"
              py={6}
              data-testid="pinned-station"
              style={{ minWidth: 0, maxWidth: '100%' }}
            >
              <Group gap="xs" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <AnchorLink to="/stations/$slug" params={{ slug: pin.slug }} fw={600} size="sm">
                    {pin.name}
                  </AnchorLink>
                  {pin.city && (
                    <Text size="xs" c="dimmed">
                      {pin.city}, {pin.state}
                    </Text>
                  )}
                </Stack>
                {pin.stationId > 0 && <StationStatusBadge status={pin.status} />}
                <StationPinButton slug={pin.slug} name={pin.name} />
              </Group>
            </Paper>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
