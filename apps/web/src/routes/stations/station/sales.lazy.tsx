import { FUELS, PAYMENT_MODES, type TFuel, type TSalesSeries } from '@forecourt/contracts';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { createLazyRoute } from '@tanstack/react-router';
import {
  clearedFilters,
  FilterBar,
  hasFilters,
  type TFilterField,
  type TFilterPatch,
} from '../../../components/filter-bar';
import { changeOf } from '../../../features/metrics/change';
import { TimeChartCard } from '../../../features/metrics/components/charts';
import { CompareControl } from '../../../features/metrics/components/compare-control';
import { KpiGrid, KpiTile } from '../../../features/metrics/components/kpi-tile';
import { FuelTotalsCard, PaymentMixCard } from '../../../features/metrics/components/sales-breakdown';
import {
  NoSales,
  ScreenSkeleton,
  WindowedView,
  WindowHeader,
} from '../../../features/metrics/components/windowed-view';
import { formatCount, formatMoneyCompact, stepScale } from '../../../features/metrics/format';
import { useSalesSeries } from '../../../features/metrics/queries';
import { salesReportCsv } from '../../../features/metrics/report-csv';
import {
  COMPARISON_WORDS,
  comparisonNote,
  comparisonRows,
  comparisonSeries,
  noComparisonText,
} from '../../../features/metrics/sales-comparison';
import { salesChartData } from '../../../features/metrics/series';
import { PAYMENT_MODE_LABELS } from '../../../features/operations/labels';
import { FUEL_LABELS } from '../../../features/stations/labels';
import { useStation } from '../../../features/stations/queries';
import { useTimeWindow } from '../../../features/time-window';
import { formatMoney, formatMoneyHeadline } from '../../../lib/format';

export const Route = createLazyRoute('/shell/stations/$slug/sales')({ component: StationSales });

/** Fuel (those the station sells) and payment mode, any of several each. */
function salesFilters(fuels: readonly TFuel[]): TFilterField[] {
  return [
    {
      kind: 'multi',
      key: 'fuel',
      label: 'Fuel',
      placeholder: 'All fuels',
      options: fuels.map((fuel) => ({ value: fuel, label: FUEL_LABELS[fuel] })),
    },
    {
      kind: 'multi',
      key: 'paymentMode',
      label: 'Payment mode',
      placeholder: 'All payment modes',
      options: PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] })),
    },
  ];
}

/**
 * /stations/$slug/sales: revenue over time by fuel and by payment mode (7 days by default, up to
 * 180), the totals per fuel and the payment mix; fuel and payment-mode filters live in the URL, and
 * so does "Compare with" (previous period, same period last week or last year), which adds the
 * compared revenue beside this window's and the change on the tiles.
 */
function StationSales() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: station } = useStation(slug);
  const api = useTimeWindow('sales');
  const filters = { fuel: search.fuel, paymentMode: search.paymentMode, compare: search.compare };
  const sales = useSalesSeries(slug, api, filters);
  const fields = salesFilters(station?.fuels ?? FUELS);
  const isFiltered = hasFilters(fields, search);

  const setFilters = (patch: TFilterPatch, options?: { replace?: boolean }) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }), replace: options?.replace });
  const clearFilters = () => setFilters(clearedFilters(fields));

  return (
    <Stack gap="lg">
      <WindowHeader
        title="Sales"
        description="Revenue over time by fuel and by how customers paid (IST)."
        api={api}
        query={sales}
        showFrequency
        report={{ name: `${slug}-sales`, csv: salesReportCsv }}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <CompareControl
          value={search.compare}
          onChange={(compare) => navigate({ search: (previous) => ({ ...previous, compare }) })}
        />
        <FilterBar fields={fields} values={search} onChange={setFilters} />
      </Group>
      <WindowedView
        api={api}
        query={sales}
        errorTitle="Could not load the sales"
        skeleton={<ScreenSkeleton tiles={3} charts={2} />}
        isEmpty={(data) => data.fuels.length === 0}
        empty={
          isFiltered ? (
            <NoSales
              title="No sales match these filters in this window"
              description="Try other fuels or payment modes, or a longer window."
              action={
                <Button leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <NoSales />
          )
        }
      >
        {(data) => <SalesContent data={data} />}
      </WindowedView>
    </Stack>
  );
}

function SalesContent({ data }: { data: TSalesSeries }) {
  const scale = stepScale(data.window);
  const chart = salesChartData(data);
  const revenue = data.fuels.reduce((sum, row) => sum + row.amountPaise, 0);
  const transactions = data.fuels.reduce((sum, row) => sum + row.transactions, 0);
  const averageTicket = transactions > 0 ? Math.round(revenue / transactions) : null;
  const comparison = data.comparison;
  const words = comparison ? COMPARISON_WORDS[comparison.kind] : null;
  const totals = comparison?.totals ?? null;
  // A change only against a window fully within the data; otherwise the tiles say why there is none.
  const change = (current: number | null, compared: number | null | undefined) =>
    words && totals && current !== null && compared !== undefined
      ? changeOf(current, compared, true, words.against)
      : null;
  const comparedTile = {
    versus: words?.versus,
    noChange:
      comparison && comparison.coverage !== 'full'
        ? noComparisonText(comparison.kind, comparison.coverage)
        : undefined,
  };
  return (
    <Stack gap="md">
      <KpiGrid columns={3}>
        <KpiTile
          label="Revenue"
          value={formatMoneyHeadline(revenue)}
          exact={formatMoney(revenue)}
          hint="In this window"
          testId="sales-revenue"
          change={change(revenue, totals?.revenuePaise)}
          {...comparedTile}
        />
        <KpiTile
          label="Transactions"
          value={formatCount(transactions)}
          hint="Fills counted in the revenue"
          testId="sales-transactions"
          change={change(transactions, totals?.transactions)}
          {...comparedTile}
        />
        <KpiTile
          label="Average ticket"
          value={averageTicket !== null ? formatMoney(averageTicket) : '—'}
          hint="Revenue per transaction"
          testId="sales-average-ticket"
          change={change(averageTicket, totals?.averageTicketPaise)}
          {...comparedTile}
        />
      </KpiGrid>
      {comparison && words && (
        <TimeChartCard
          title={`Revenue compared with ${words.series.toLowerCase()}`}
          description={comparisonNote(data) ?? ''}
          testId="sales-comparison"
          kind="line"
          rows={comparisonRows(data)}
          series={comparisonSeries(comparison.kind)}
          scale={scale}
          valueFormatter={formatMoney}
          tickFormatter={formatMoneyCompact}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <TimeChartCard
          title="Revenue by fuel"
          description="Takings per step, stacked by fuel"
          testId="sales-by-fuel"
          kind="bar"
          stacked
          rows={chart.byFuel}
          series={chart.fuelSeries}
          scale={scale}
          valueFormatter={formatMoney}
          tickFormatter={formatMoneyCompact}
        />
        <TimeChartCard
          title="Revenue by payment mode"
          description="Takings per step, stacked by how customers paid"
          testId="sales-by-mode"
          kind="bar"
          stacked
          rows={chart.byMode}
          series={chart.modeSeries}
          scale={scale}
          valueFormatter={formatMoney}
          tickFormatter={formatMoneyCompact}
        />
        <FuelTotalsCard fuels={data.fuels} />
        <PaymentMixCard mix={data.paymentMix} revenuePaise={revenue} />
      </SimpleGrid>
    </Stack>
  );
}
