import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StationLocationCard } from '../../../features/map/station-location-card';
import { TimeChartCard } from '../../../features/metrics/components/charts';
import {
  FuelTotalsCard,
  PaymentMixCard,
  SalesKpiTiles,
} from '../../../features/metrics/components/sales-breakdown';
import {
  NoSales,
  ScreenSkeleton,
  WindowedView,
  WindowHeader,
} from '../../../features/metrics/components/windowed-view';
import { formatCount, formatMoneyCompact } from '../../../features/metrics/format';
import { useStationOverview } from '../../../features/metrics/queries';
import { overviewReportCsv } from '../../../features/metrics/report-csv';
import { NearbyStationsCard } from '../../../features/stations/components/nearby-stations-card';
import { useStation } from '../../../features/stations/queries';
import { useTimeWindow } from '../../../features/time-window';
import { directionsUrl, formatDate, formatDms, formatMoney, formatNumber } from '../../../lib/format';

export const Route = createLazyRoute('/shell/stations/$slug/')({ component: StationOverview });

const REVENUE_SERIES = [{ name: 'revenue', label: 'Revenue', color: 'blue.6' }];
const FILLS_SERIES = [{ name: 'fills', label: 'Fills', color: 'teal.6' }];

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

/**
 * /stations/$slug: the station's figures for a window (24 hours by default, up to 180 days: KPIs,
 * what was sold per fuel and how it was paid), then its record, its place on the map and the
 * nearest stations with their distances.
 */
function StationOverview() {
  const { slug } = Route.useParams();
  const { data: station } = useStation(slug);
  const api = useTimeWindow('command');
  const overview = useStationOverview(slug, api);
  if (!station) return null;
  const location = describeLocation(station.lat, station.lng);
  return (
    <Stack gap="lg">
      <WindowHeader
        title="At a glance"
        description="Sales, vehicles and incidents of this station in the chosen window (IST)."
        api={api}
        query={overview}
        report={{ name: `${slug}-overview`, csv: overviewReportCsv }}
      />
      <WindowedView
        api={api}
        query={overview}
        errorTitle="Could not load this station's figures"
        skeleton={<ScreenSkeleton tiles={5} charts={2} height={180} />}
      >
        {({ kpis, comparison, window }) => {
          const trendScale = {
            stepMs: comparison.stepMs,
            spanMs: Date.parse(window.endDate) - Date.parse(window.startDate),
          };
          return (
            <Stack gap="md" data-testid="station-overview-kpis">
              <SalesKpiTiles kpis={kpis} scopeLabel="This station" comparison={comparison} />
              {kpis.transactions === 0 ? (
                <NoSales />
              ) : (
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
                  <TimeChartCard
                    title="Revenue over time"
                    description="Takings per step of the window"
                    testId="overview-revenue-trend"
                    kind="line"
                    rows={comparison.trend.map((step) => ({ at: step.at, revenue: step.revenuePaise }))}
                    series={REVENUE_SERIES}
                    scale={trendScale}
                    valueFormatter={formatMoney}
                    tickFormatter={formatMoneyCompact}
                  />
                  <TimeChartCard
                    title="Fills over time"
                    description="Transactions per step of the window"
                    testId="overview-fills-trend"
                    kind="line"
                    rows={comparison.trend.map((step) => ({ at: step.at, fills: step.transactions }))}
                    series={FILLS_SERIES}
                    scale={trendScale}
                    valueFormatter={formatCount}
                  />
                  <FuelTotalsCard fuels={kpis.fuels} />
                  <PaymentMixCard mix={kpis.paymentMix} revenuePaise={kpis.revenuePaise} />
                </SimpleGrid>
              )}
            </Stack>
          );
        }}
      </WindowedView>
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
      <NearbyStationsCard slug={slug} />
    </Stack>
  );
}
