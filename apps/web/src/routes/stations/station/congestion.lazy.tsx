import type { TCongestionSummary } from '@forecourt/contracts';
import { Button, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { EmptyResult, ErrorState } from '../../../components/query-states';
import { ChartCard, SeriesName } from '../../../features/metrics/components/chart-card';
import { CategoryBarChart, TimeChartCard } from '../../../features/metrics/components/charts';
import { KpiGrid, KpiTile } from '../../../features/metrics/components/kpi-tile';
import {
  NoSales,
  ScreenSkeleton,
  WindowedView,
  WindowHeader,
} from '../../../features/metrics/components/windowed-view';
import {
  everyStep,
  formatCount,
  formatHourRange,
  formatQueue,
  formatWait,
  formatWaitMinutes,
  stepScale,
} from '../../../features/metrics/format';
import {
  type TWindowSource,
  useCongestionSamples,
  useCongestionSummary,
} from '../../../features/metrics/queries';
import { busiestHourRows, laneChartData, laneSeries } from '../../../features/metrics/series';
import { useTimeWindow } from '../../../features/time-window';
import { formatDateTime } from '../../../lib/format';

export const Route = createLazyRoute('/shell/stations/$slug/congestion')({ component: StationCongestion });

const BUSIEST_SERIES = [{ name: 'queueLength', label: 'Mean queue', color: 'grape.6' }];

/**
 * /stations/$slug/congestion: queue length and wait per lane over the window (screen `congestion`:
 * a day unless chosen, up to a week), the busiest hours of the IST day and the lane samples themselves.
 */
function StationCongestion() {
  const { slug } = Route.useParams();
  const api = useTimeWindow('congestion');
  const summary = useCongestionSummary(slug, api);

  return (
    <Stack gap="lg">
      <WindowHeader
        title="Congestion"
        description={`Vehicles waiting and the wait at each lane, one point ${everyStep(api.window.frequency)} (IST).`}
        api={api}
        query={summary}
        showFrequency
      />
      <WindowedView
        api={api}
        query={summary}
        errorTitle="Could not load the congestion figures"
        skeleton={<ScreenSkeleton tiles={3} charts={2} />}
        isEmpty={(data) => data.lanes.length === 0}
        empty={<NoSales title="No queue samples in this window" />}
      >
        {(data) => <CongestionSummary summary={data} />}
      </WindowedView>
      {!api.error && <SampleList slug={slug} window={api} />}
    </Stack>
  );
}

function CongestionSummary({ summary }: { summary: TCongestionSummary }) {
  const scale = stepScale(summary.window);
  const lanes = laneChartData(summary);
  const longest = summary.lanes.reduce((best, lane) =>
    lane.maxQueueLength > best.maxQueueLength ? lane : best,
  );
  const slowest = summary.lanes.reduce((best, lane) =>
    lane.averageWaitSeconds > best.averageWaitSeconds ? lane : best,
  );
  const busiest = summary.busiestHours[0];
  return (
    <Stack gap="md">
      <KpiGrid columns={3}>
        <KpiTile
          label="Busiest hour"
          value={busiest ? formatHourRange(busiest.hour) : '—'}
          hint={busiest ? `Mean queue ${formatQueue(busiest.averageQueueLength)} vehicles` : 'No samples'}
          testId="congestion-busiest-hour"
        />
        <KpiTile
          label="Longest queue"
          value={formatCount(longest.maxQueueLength)}
          hint={`Vehicles, at lane ${longest.lane}`}
          testId="congestion-longest-queue"
        />
        <KpiTile
          label="Slowest lane"
          value={formatWait(slowest.averageWaitSeconds)}
          hint={`Mean wait at lane ${slowest.lane}`}
          testId="congestion-slowest-lane"
        />
      </KpiGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TimeChartCard
          title="Queue length by lane"
          description="Mean vehicles waiting per step"
          testId="lane-queue-chart"
          kind="line"
          rows={lanes.queue}
          series={lanes.series}
          scale={scale}
          valueFormatter={formatQueue}
        />
        <TimeChartCard
          title="Wait by lane"
          description="Mean wait for a vehicle joining the queue, per step"
          testId="lane-wait-chart"
          kind="line"
          rows={lanes.wait}
          series={lanes.series}
          scale={scale}
          valueFormatter={formatWaitMinutes}
        />
        <ChartCard
          title="Busiest hours"
          description="Hours of the day (IST) with the longest mean queue over the window"
          testId="busiest-hours"
        >
          <CategoryBarChart
            rows={busiestHourRows(summary)}
            dataKey="hour"
            series={BUSIEST_SERIES}
            valueFormatter={formatQueue}
            label="Busiest hours by mean queue"
            height={200}
          />
          <Table verticalSpacing={4} fz="sm" data-testid="busiest-hours-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Hour (IST)</Table.Th>
                <Table.Th ta="right">Mean queue</Table.Th>
                <Table.Th ta="right">Mean wait</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.busiestHours.map((hour) => (
                <Table.Tr key={hour.hour}>
                  <Table.Td>{formatHourRange(hour.hour)}</Table.Td>
                  <Table.Td ta="right">{formatQueue(hour.averageQueueLength)}</Table.Td>
                  <Table.Td ta="right">{formatWait(hour.averageWaitSeconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ChartCard>
        <ChartCard title="Lanes" description="Over the whole window" testId="lane-table">
          <Table.ScrollContainer minWidth={360} type="native">
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lane</Table.Th>
                  <Table.Th ta="right">Mean queue</Table.Th>
                  <Table.Th ta="right">Longest queue</Table.Th>
                  <Table.Th ta="right">Mean wait</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.lanes.map((lane) => {
                  const series = laneSeries(lane.lane);
                  return (
                    <Table.Tr key={lane.lane}>
                      <Table.Td>
                        <SeriesName label={series.label} color={series.color} />
                      </Table.Td>
                      <Table.Td ta="right">{formatQueue(lane.averageQueueLength)}</Table.Td>
                      <Table.Td ta="right">{formatCount(lane.maxQueueLength)}</Table.Td>
                      <Table.Td ta="right">{formatWait(lane.averageWaitSeconds)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

/** The lane samples of the window, latest first, a page at a time. */
function SampleList({ slug, window }: { slug: string; window: TWindowSource }) {
  const samples = useCongestionSamples(slug, window);
  const pages = samples.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.results);
  const first = pages[0];

  let body: ReactNode;
  if (!samples.data) {
    body = samples.isError ? (
      <ErrorState
        title="Could not load the samples"
        error={samples.error}
        onRetry={() => samples.refetch()}
        isRetrying={samples.isFetching}
      />
    ) : (
      <Stack gap={8} aria-busy="true">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={index} height={18} />
        ))}
      </Stack>
    );
  } else if (rows.length === 0) {
    body = <EmptyResult title="No samples in this window" />;
  } else {
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={420} type="native">
          <Table
            striped
            verticalSpacing="xs"
            fz="sm"
            data-testid="congestion-samples"
            aria-busy={samples.isPlaceholderData || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sampled</Table.Th>
                <Table.Th>Lane</Table.Th>
                <Table.Th ta="right">Queue</Table.Th>
                <Table.Th ta="right">Wait</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((sample) => (
                <Table.Tr key={sample.id} data-testid="congestion-sample-row">
                  <Table.Td>{formatDateTime(sample.sampledAt)}</Table.Td>
                  <Table.Td>Lane {sample.lane}</Table.Td>
                  <Table.Td ta="right">{formatCount(sample.queueLength)}</Table.Td>
                  <Table.Td ta="right">{formatWait(sample.waitSeconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            Showing {formatCount(rows.length)} of {formatCount(first?.count ?? rows.length)}
            {first?.approximate ? '+' : ''} samples
          </Text>
          {samples.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              onClick={() => samples.fetchNextPage()}
              loading={samples.isFetchingNextPage}
            >
              Load more
            </Button>
          )}
        </Group>
        {samples.isFetchNextPageError && (
          <ErrorState
            title="Could not load more samples"
            error={samples.error}
            onRetry={() => samples.fetchNextPage()}
          />
        )}
      </Stack>
    );
  }

  return (
    <ChartCard
      title="Samples"
      description="Every lane reading of the window, latest first"
      testId="samples-card"
    >
      {body}
    </ChartCard>
  );
}
