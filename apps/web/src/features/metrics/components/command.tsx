import type { TCommandCentre, TCommandStation, TIncident, TTransaction } from '@forecourt/contracts';
import { Box, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { AnchorLink } from '../../../components/links';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { UrgencyBadge } from '../../incidents';
import { browserHasWebGl, hasUsableLocation, loadStationMap, MapOnScreen } from '../../map';
import { PAYMENT_MODE_LABELS } from '../../operations';
import { FUEL_LABELS, STATUS_COLORS, STATUS_LABELS } from '../../stations';
import { formatCount, formatFuelQuantity } from '../format';
import { INCIDENT_STATUS_LABELS } from '../labels';
import { ChartCard } from './chart-card';

/** The network command centre's pieces: the status map, counts, rankings and the live tickers. */

/** maplibre-gl downloads only when the command map is on screen. */
const StationMap = lazy(loadStationMap);

const MAP_HEIGHT = 'clamp(320px, 52dvh, 520px)';

type TStationsById = ReadonlyMap<number, TCommandStation>;

export function stationsById(centre: TCommandCentre): TStationsById {
  return new Map(centre.stations.map((station) => [station.id, station]));
}

function StationLink({
  station,
  fw = 600,
}: {
  station: Pick<TCommandStation, 'slug' | 'name'>;
  fw?: number;
}) {
  return (
    <AnchorLink to="/stations/$slug" params={{ slug: station.slug }} size="sm" fw={fw}>
      {station.name}
    </AnchorLink>
  );
}

/** Every visible station on the map, coloured by status; a station's popup shows its takings. */
export function CommandMap({ stations }: { stations: readonly TCommandStation[] }) {
  const placed = stations.filter(hasUsableLocation).length;
  const bySlug = new Map(stations.map((station) => [station.slug, station]));
  return (
    <ChartCard
      title="Stations by status"
      description={`${formatCount(placed)} of ${formatCount(stations.length)} stations on the map. Click a station for its takings; the rankings below link to every station.`}
      testId="command-map-card"
    >
      {browserHasWebGl() ? (
        <MapOnScreen height={MAP_HEIGHT}>
          <StationMap
            stations={stations}
            label={`Map of ${formatCount(stations.length)} stations by status`}
            height={MAP_HEIGHT}
            popupDetails={(station) => {
              const found = bySlug.get(station.slug);
              return found ? <CommandStationTakings station={found} /> : null;
            }}
          />
        </MapOnScreen>
      ) : (
        <Text size="sm" c="dimmed">
          This browser cannot draw maps (WebGL is unavailable). The counts and rankings list the same
          stations.
        </Text>
      )}
    </ChartCard>
  );
}

/** A station's takings in the window and its open incidents, for its popup on the map. */
function CommandStationTakings({ station }: { station: TCommandStation }) {
  return (
    <>
      <Text size="sm">
        {formatMoney(station.revenuePaise)} from {formatCount(station.transactions)} transactions in this
        window
      </Text>
      {station.openIncidents > 0 && (
        <Text size="sm" c="red">
          {formatCount(station.openIncidents)} open incident{station.openIncidents === 1 ? '' : 's'}
        </Text>
      )}
    </>
  );
}

/** How many stations are in each status; each count opens the station list filtered to it. */
export function StatusCounts({ counts }: { counts: TCommandCentre['stationsByStatus'] }) {
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="status-counts">
      {counts.map((row) => (
        <Paper key={row.status} withBorder p="sm" radius="md">
          <Stack gap={2}>
            <Group gap={6} wrap="nowrap">
              <Box
                aria-hidden
                w={10}
                h={10}
                style={{
                  borderRadius: '50%',
                  background: `var(--mantine-color-${STATUS_COLORS[row.status]}-6)`,
                }}
              />
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {STATUS_LABELS[row.status]}
              </Text>
            </Group>
            <AnchorLink
              to="/stations"
              search={{ status: [row.status] }}
              fz={22}
              fw={700}
              c="var(--mantine-color-text)"
              aria-label={`${formatCount(row.count)} ${STATUS_LABELS[row.status].toLowerCase()} stations of ${formatCount(total)}`}
              data-testid={`status-count-${row.status}`}
            >
              {formatCount(row.count)}
            </AnchorLink>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Five stations ranked by revenue in the window, each a link to its page. */
export function StationRanking({
  title,
  description,
  stations,
  testId,
}: {
  title: string;
  description: string;
  stations: readonly TCommandStation[];
  testId: string;
}) {
  return (
    <ChartCard title={title} description={description} testId={testId}>
      {stations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No open stations to rank.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300} type="native">
          <Table verticalSpacing="xs" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32}>#</Table.Th>
                <Table.Th>Station</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  Transactions
                </Table.Th>
                <Table.Th ta="right">Incidents</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stations.map((station, index) => (
                <Table.Tr key={station.id} data-testid={`${testId}-row`}>
                  <Table.Td c="dimmed">{index + 1}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <StationLink station={station} />
                      <Text size="xs" c="dimmed">
                        {station.city} · {STATUS_LABELS[station.status]}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(station.revenuePaise)}</Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {formatCount(station.transactions)}
                  </Table.Td>
                  <Table.Td ta="right" c={station.openIncidents > 0 ? 'red' : undefined}>
                    {formatCount(station.openIncidents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ChartCard>
  );
}

function TickerStation({ stationId, stations }: { stationId: number; stations: TStationsById }) {
  const station = stations.get(stationId);
  return station ? <StationLink station={station} fw={500} /> : <Text size="sm">Station {stationId}</Text>;
}

/** A ticker: newest first, announced politely to screen readers as it changes. */
function TickerList({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-live="polite">
      {children}
    </Stack>
  );
}

function TickerRow({ children, aside, testId }: { children: ReactNode; aside: ReactNode; testId: string }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid={testId}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        {children}
      </Stack>
      <Box style={{ flex: 'none' }}>{aside}</Box>
    </Group>
  );
}

/** The newest fills across the network; it moves on with the live window. */
export function TransactionTicker({
  transactions,
  stations,
}: {
  transactions: readonly TTransaction[];
  stations: TStationsById;
}) {
  return (
    <ChartCard
      title="Latest transactions"
      description="The newest fills across the network"
      testId="transaction-ticker"
    >
      {transactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No transactions yet.
        </Text>
      ) : (
        <TickerList>
          {transactions.map((transaction) => (
            <TickerRow
              key={transaction.id}
              testId="ticker-transaction"
              aside={
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(transaction.amountPaise)}
                </Text>
              }
            >
              <TickerStation stationId={transaction.stationId} stations={stations} />
              <Text size="xs" c="dimmed" truncate>
                {formatDateTime(transaction.startDate)} · {FUEL_LABELS[transaction.fuel]}{' '}
                {formatFuelQuantity(transaction.fuel, transaction.quantity, 2)} ·{' '}
                {PAYMENT_MODE_LABELS[transaction.paymentMode]}
                {transaction.vehicleRegistration ? ` · ${transaction.vehicleRegistration}` : ''}
              </Text>
            </TickerRow>
          ))}
        </TickerList>
      )}
    </ChartCard>
  );
}

/** The newest incidents still open or acknowledged. */
export function IncidentTicker({
  incidents,
  stations,
}: {
  incidents: readonly TIncident[];
  stations: TStationsById;
}) {
  return (
    <ChartCard
      title="Open incidents"
      description="The newest incidents still open or acknowledged"
      testId="incident-ticker"
      action={
        <AnchorLink to="/incidents" size="sm">
          All incidents
        </AnchorLink>
      }
    >
      {incidents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No open incidents. All clear.
        </Text>
      ) : (
        <TickerList>
          {incidents.map((incident) => (
            <TickerRow
              key={incident.id}
              testId="ticker-incident"
              aside={<UrgencyBadge incident={incident} />}
            >
              <Text size="sm" fw={500} truncate>
                #{incident.number} {incident.title}
              </Text>
              <TickerStation stationId={incident.stationId} stations={stations} />
              <Text size="xs" c="dimmed">
                Opened {formatDateTime(incident.openedAt)} · {INCIDENT_STATUS_LABELS[incident.status]}
              </Text>
            </TickerRow>
          ))}
        </TickerList>
      )}
    </ChartCard>
  );
}
