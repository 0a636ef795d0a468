import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { STACKED } from '../../../components/data-table';
import { AnchorLink } from '../../../components/links';
import { formatDistance } from '../../../lib/format';

import { useNearbyStations } from '../queries';
import { StationStatusBadge } from './station-badges';

/**
 * The caller's stations nearest to this one, closest first, with the straight-line distance
 * (computed by the server; members see only the stations they were granted).
 */
export function NearbyStationsCard({ slug }: { slug: string }) {
  const nearby = useNearbyStations(slug);
  const data = nearby.data;
  return (
    <Paper withBorder p="lg" data-testid="nearby-stations">
      <Title order={2} size="h4" mb="xs">
        Nearest stations
      </Title>
      {nearby.isError ? (
        <Text size="sm" c="red">
          Could not load the nearest stations.
        </Text>
      ) : !data ? (
        <Text size="sm" c="dimmed">
          Loading nearest stations…
        </Text>
      ) : data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No other station of yours within {data.radiusKm} km.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Straight-line distance, within {data.radiusKm} km.
          </Text>
          <Table verticalSpacing={4} className={STACKED}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Station</Table.Th>
                <Table.Th>City</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Distance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((station) => (
                <Table.Tr key={station.id} data-testid="nearby-station">
                  <Table.Td data-label="Station">
                    <AnchorLink to="/stations/$slug" params={{ slug: station.slug }} size="sm" fw={500}>
                      {station.name}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td data-label="City">
                    <Text size="sm">{station.city}</Text>
                  </Table.Td>
                  <Table.Td data-label="Status">
                    <StationStatusBadge status={station.status} />
                  </Table.Td>
                  <Table.Td data-label="Distance" style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDistance(station.distanceMetres)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Paper>
  );
}
