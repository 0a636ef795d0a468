import { QUANTITY_UNITS, type TQuantityUnit } from '@forecourt/contracts';
import { SimpleGrid, Stack } from '@mantine/core';
import { createLazyRoute } from '@tanstack/react-router';
import { TimeChartCard } from '../../../features/metrics/components/charts';
import {
  NoSales,
  ScreenSkeleton,
  WindowedView,
  WindowHeader,
} from '../../../features/metrics/components/windowed-view';
import {
  formatCompact,
  formatCount,
  formatMoneyCompact,
  formatQueue,
  formatWaitMinutes,
  stepScale,
} from '../../../features/metrics/format';
import { useStationMetrics } from '../../../features/metrics/queries';
import { metricsReportCsv } from '../../../features/metrics/report-csv';
import { isQuietWindow, metricsRows, volumeGroups } from '../../../features/metrics/series';
import { useTimeWindow } from '../../../features/time-window';
import { formatMoney, formatNumber } from '../../../lib/format';

export const Route = createLazyRoute('/shell/stations/$slug/metrics')({ component: StationMetrics });

const UNIT_TITLES: Record<TQuantityUnit, { title: string; description: string }> = {
  l: { title: 'Volume sold (litres)', description: 'Petrol, diesel and premium sold per step, stacked' },
  kg: { title: 'CNG sold (kg)', description: 'Kilograms of CNG per step' },
  kWh: { title: 'EV charging (kWh)', description: 'Energy delivered per step' },
};

const COUNT_SERIES = [
  { name: 'transactions', label: 'Transactions', color: 'blue.6' },
  { name: 'vehicles', label: 'Vehicles at the entrance', color: 'orange.6' },
];
const TICKET_SERIES = [{ name: 'averageTicketPaise', label: 'Average ticket', color: 'teal.6' }];
const QUEUE_SERIES = [
  { name: 'queueLength', label: 'Mean queue', color: 'grape.6' },
  { name: 'maxQueueLength', label: 'Longest queue', color: 'red.6' },
];
const WAIT_SERIES = [{ name: 'waitMinutes', label: 'Mean wait', color: 'cyan.6' }];

/**
 * /stations/$slug/metrics: the station over time at the chosen step (24 hours by default, up to a
 * week): volume by fuel, transactions and vehicles, average ticket, queue length and wait.
 */
function StationMetrics() {
  const { slug } = Route.useParams();
  const api = useTimeWindow('stationMetrics');
  const metrics = useStationMetrics(slug, api);

  return (
    <Stack gap="lg">
      <WindowHeader
        title="Metrics"
        description="How the station's trade, traffic and queues moved through the window (IST)."
        api={api}
        query={metrics}
        showFrequency
        report={{ name: `${slug}-metrics`, csv: metricsReportCsv }}
      />
      <WindowedView
        api={api}
        query={metrics}
        errorTitle="Could not load the metrics"
        skeleton={<ScreenSkeleton charts={4} />}
        isEmpty={(data) => isQuietWindow(data.points)}
        empty={<NoSales title="No sales or traffic in this window" />}
      >
        {(data) => {
          const scale = stepScale(data.window);
          const rows = metricsRows(data.points);
          const volume = volumeGroups(data.points);
          return (
            <Stack gap="md" data-testid="metrics-charts">
              {/* The headline: what was sold, as wide as the page (one chart per unit). */}
              <SimpleGrid cols={{ base: 1, lg: Math.min(Math.max(volume.length, 1), 3) }} spacing="md">
                {volume.map((group) => (
                  <TimeChartCard
                    key={group.unit}
                    title={UNIT_TITLES[group.unit].title}
                    description={UNIT_TITLES[group.unit].description}
                    testId={`volume-${group.unit}`}
                    kind="bar"
                    stacked
                    rows={group.rows}
                    series={group.series}
                    scale={scale}
                    valueFormatter={(value) =>
                      `${formatNumber(value, { maximumFractionDigits: 1 })} ${QUANTITY_UNITS[group.unit].symbol}`
                    }
                    tickFormatter={(value) => formatCompact(value)}
                  />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                <TimeChartCard
                  title="Transactions and vehicles"
                  description="Fills, and vehicles read by the entrance camera, per step"
                  testId="transactions-chart"
                  kind="line"
                  rows={rows}
                  series={COUNT_SERIES}
                  scale={scale}
                  valueFormatter={formatCount}
                  tickFormatter={(value) => formatCompact(value)}
                />
                <TimeChartCard
                  title="Average ticket"
                  description="Revenue per transaction in each step"
                  testId="ticket-chart"
                  kind="line"
                  rows={rows}
                  series={TICKET_SERIES}
                  scale={scale}
                  valueFormatter={(paise) => formatMoney(paise)}
                  tickFormatter={formatMoneyCompact}
                />
                <TimeChartCard
                  title="Queue length"
                  description="Vehicles waiting across the lanes (mean and longest of the samples)"
                  testId="queue-chart"
                  kind="line"
                  rows={rows}
                  series={QUEUE_SERIES}
                  scale={scale}
                  valueFormatter={formatQueue}
                />
                <TimeChartCard
                  title="Wait"
                  description="Mean wait for a vehicle joining the queue"
                  testId="wait-chart"
                  kind="line"
                  rows={rows}
                  series={WAIT_SERIES}
                  scale={scale}
                  valueFormatter={formatWaitMinutes}
                />
              </SimpleGrid>
            </Stack>
          );
        }}
      </WindowedView>
    </Stack>
  );
}
