import type { TCommandCentre } from '@forecourt/contracts';
import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import {
  CommandMap,
  IncidentTicker,
  StationRanking,
  StatusCounts,
  stationsById,
  TransactionTicker,
} from '../features/metrics/components/command';
import {
  FuelTotalsCard,
  PaymentMixCard,
  SalesKpiTiles,
} from '../features/metrics/components/sales-breakdown';
import {
  NoSales,
  ScreenSkeleton,
  WindowedView,
  WindowHeader,
} from '../features/metrics/components/windowed-view';
import { useCommandCentre } from '../features/metrics/queries';
import { commandReportCsv } from '../features/metrics/report-csv';
import { useNetworkLive } from '../features/realtime/use-station-live';
import { useTimeWindow } from '../features/time-window';

export const Route = createLazyRoute('/shell/command')({ component: CommandPage });

/**
 * /command: the network at a glance for a window (24 hours by default, up to 180 days): KPIs,
 * stations by status on the map, the top and bottom stations by revenue, and the newest fills and
 * open incidents, which move on with a live window.
 */
function CommandPage() {
  useDocumentTitle('Command centre · Forecourt');
  const api = useTimeWindow('command');
  const centre = useCommandCentre(api);

  return (
    <Stack gap="lg">
      <WindowHeader
        order={1}
        title="Command centre"
        description="Every station you can see: takings, status, rankings and what is happening now (IST)."
        api={api}
        query={centre}
        report={{ name: 'command-centre', csv: commandReportCsv }}
      />
      <WindowedView
        api={api}
        query={centre}
        errorTitle="Could not load the command centre"
        skeleton={<ScreenSkeleton tiles={5} charts={4} />}
      >
        {(data) => <CommandContent centre={data} />}
      </WindowedView>
    </Stack>
  );
}

function CommandContent({ centre }: { centre: TCommandCentre }) {
  const stations = stationsById(centre);
  useNetworkLive(centre.stations.map((station) => station.id));
  const hasSales = centre.kpis.transactions > 0;
  return (
    <Stack gap="md">
      <SalesKpiTiles kpis={centre.kpis} scopeLabel="All stations" comparison={centre.comparison} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <StatusCounts counts={centre.stationsByStatus} />
            <CommandMap stations={centre.stations} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TransactionTicker transactions={centre.latestTransactions} stations={stations} />
        </Grid.Col>
      </Grid>
      {hasSales ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <StationRanking
            title="Top stations"
            description="Highest revenue in this window"
            stations={centre.top}
            testId="top-stations"
          />
          <StationRanking
            title="Bottom stations"
            description="Lowest revenue in this window (closed stations left out)"
            stations={centre.bottom}
            testId="bottom-stations"
          />
        </SimpleGrid>
      ) : (
        <NoSales description="No station sold anything in this window. Pick a longer window, or an earlier one." />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <IncidentTicker incidents={centre.latestIncidents} stations={stations} />
        {hasSales && (
          <Stack gap="md">
            <PaymentMixCard mix={centre.kpis.paymentMix} revenuePaise={centre.kpis.revenuePaise} />
            <FuelTotalsCard fuels={centre.kpis.fuels} />
          </Stack>
        )}
      </SimpleGrid>
    </Stack>
  );
}
