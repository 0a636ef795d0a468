import type { TFuelSales, TKpiComparison, TPaymentModeSales, TSalesKpis } from '@forecourt/contracts';
import { Group, SimpleGrid, Skeleton, Table } from '@mantine/core';
import { IconAlertTriangle, IconCar, IconCurrencyRupee, IconReceipt, IconTicket } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { AnchorLink } from '../../../components/links';
import { formatMoney, formatMoneyHeadline } from '../../../lib/format';
import { PAYMENT_MODE_LABELS } from '../../operations';
import { FUEL_LABELS } from '../../stations';
import { changeOf } from '../change';
import { formatCount, formatFuelQuantity, formatMoneyCompact, formatShare } from '../format';
import { fuelChartColor, paymentModeChartColor } from '../labels';
import { paymentModeSeries } from '../series';
import { ChartCard, SeriesName } from './chart-card';
import { KpiGrid, KpiTile } from './kpi-tile';

/**
 * The ring is the one chart of the command centre: recharts (≈130 kB gzip) loads after the
 * figures, which show without it; the table beside the ring has the same numbers.
 */
const ShareDonut = lazy(() => import('./charts').then((module) => ({ default: module.ShareDonut })));
const DONUT_SIZE = 168;

/**
 * The headline figures of a window (station overview and command centre): revenue, transactions,
 * average ticket, vehicles served and the incidents open now (a link to the incident list).
 */
export function SalesKpiTiles({
  kpis,
  scopeLabel,
  comparison,
}: {
  kpis: TSalesKpis;
  scopeLabel: string;
  /** The previous period and the trend: each tile shows its change and a sparkline. */
  comparison?: TKpiComparison;
}) {
  const previous = comparison?.previous;
  const trend = comparison?.trend;
  return (
    <KpiGrid columns={5}>
      <KpiTile
        label="Revenue"
        value={formatMoneyHeadline(kpis.revenuePaise)}
        exact={formatMoney(kpis.revenuePaise)}
        change={previous ? changeOf(kpis.revenuePaise, previous.revenuePaise) : null}
        {...(trend ? { trend: trend.map((step) => step.revenuePaise) } : {})}
        hint={`${scopeLabel} in this window`}
        icon={<IconCurrencyRupee size={18} />}
        testId="kpi-revenue"
      />
      <KpiTile
        label="Transactions"
        value={formatCount(kpis.transactions)}
        change={previous ? changeOf(kpis.transactions, previous.transactions) : null}
        {...(trend ? { trend: trend.map((step) => step.transactions) } : {})}
        hint="Fills, all fuels"
        icon={<IconReceipt size={18} />}
        testId="kpi-transactions"
      />
      <KpiTile
        label="Average ticket"
        value={kpis.averageTicketPaise === null ? '—' : formatMoney(kpis.averageTicketPaise)}
        change={
          previous && kpis.averageTicketPaise !== null
            ? changeOf(kpis.averageTicketPaise, previous.averageTicketPaise)
            : null
        }
        hint="Revenue per transaction"
        icon={<IconTicket size={18} />}
        testId="kpi-average-ticket"
      />
      <KpiTile
        label="Vehicles served"
        value={formatCount(kpis.vehiclesServed)}
        change={previous ? changeOf(kpis.vehiclesServed, previous.vehiclesServed) : null}
        hint="Visits that ended in a fill"
        icon={<IconCar size={18} />}
        testId="kpi-vehicles"
      />
      <KpiTile
        label="Open incidents"
        value={
          <AnchorLink to="/incidents" inherit c={kpis.openIncidents > 0 ? 'red' : undefined}>
            {formatCount(kpis.openIncidents)}
          </AnchorLink>
        }
        hint="Open or acknowledged now"
        icon={<IconAlertTriangle size={18} />}
        testId="kpi-incidents"
      />
    </KpiGrid>
  );
}

/** Figures line up and never break inside a number. */
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A row of a revenue breakdown: what it is, its colour, what it took and its share. */
type TRevenueRow = {
  key: string;
  label: string;
  color: string;
  /** The quantity sold, formatted (fuels only). */
  sold?: string;
  amountPaise: number;
  transactions: number;
  share: number;
};

/** Revenue per fuel or per payment mode: takings, transactions (not on phones) and share. */
function RevenueTable({
  rows,
  heading,
  withSold,
  testId,
}: {
  rows: readonly TRevenueRow[];
  heading: string;
  withSold: boolean;
  testId: string;
}) {
  return (
    <Table.ScrollContainer minWidth={280} type="native" tabIndex={0} aria-label="Fuel totals">
      <Table verticalSpacing="xs" horizontalSpacing="xs" data-testid={testId} style={numeric}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{heading}</Table.Th>
            {withSold && <Table.Th ta="right">Sold</Table.Th>}
            <Table.Th ta="right">Revenue</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Transactions
            </Table.Th>
            <Table.Th ta="right">Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <SeriesName label={row.label} color={row.color} />
              </Table.Td>
              {withSold && <Table.Td ta="right">{row.sold}</Table.Td>}
              <Table.Td ta="right">{formatMoney(row.amountPaise)}</Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {formatCount(row.transactions)}
              </Table.Td>
              <Table.Td ta="right">{formatShare(row.share)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Litres, kilograms and kWh sold per fuel with their revenue and share, busiest fuel first. */
export function FuelTotalsTable({ fuels }: { fuels: readonly TFuelSales[] }) {
  const revenue = fuels.reduce((sum, row) => sum + row.amountPaise, 0);
  const rows = fuels.map((row) => ({
    key: row.fuel,
    label: FUEL_LABELS[row.fuel],
    color: fuelChartColor(row.fuel),
    sold: formatFuelQuantity(row.fuel, row.quantity, row.quantity >= 1000 ? 0 : 1),
    amountPaise: row.amountPaise,
    transactions: row.transactions,
    share: revenue > 0 ? row.amountPaise / revenue : 0,
  }));
  return <RevenueTable rows={rows} heading="Fuel" withSold testId="fuel-totals" />;
}

/** Revenue by payment mode with its share, largest first. */
export function PaymentMixTable({ mix }: { mix: readonly TPaymentModeSales[] }) {
  const rows = mix.map((row) => ({
    key: row.mode,
    label: PAYMENT_MODE_LABELS[row.mode],
    color: paymentModeChartColor(row.mode),
    amountPaise: row.amountPaise,
    transactions: row.transactions,
    share: row.share,
  }));
  return <RevenueTable rows={rows} heading="Payment mode" withSold={false} testId="payment-mix" />;
}

/** The payment mix as a ring (total in the middle) beside its table. */
export function PaymentMixCard({
  mix,
  revenuePaise,
}: {
  mix: readonly TPaymentModeSales[];
  revenuePaise: number;
}) {
  return (
    <ChartCard
      title="Payment mix"
      description="Share of revenue by how customers paid"
      series={mix.map((row) => paymentModeSeries(row.mode))}
      testId="payment-mix-card"
    >
      {/* Side by side where the card is wide enough, the ring above the table where it is not. */}
      <SimpleGrid
        type="container"
        cols={{ base: 1, '640px': 2 }}
        spacing="md"
        style={{ alignItems: 'center' }}
      >
        <Group justify="center">
          <Suspense fallback={<Skeleton circle height={DONUT_SIZE} />}>
            <ShareDonut
              label="Revenue by payment mode"
              centre={formatMoneyCompact(revenuePaise)}
              valueFormatter={formatMoney}
              size={DONUT_SIZE}
              slices={mix.map((row) => ({
                name: PAYMENT_MODE_LABELS[row.mode],
                value: row.amountPaise,
                color: paymentModeChartColor(row.mode),
              }))}
            />
          </Suspense>
        </Group>
        <PaymentMixTable mix={mix} />
      </SimpleGrid>
    </ChartCard>
  );
}

/** What was sold per fuel in its unit, with revenue and share. */
export function FuelTotalsCard({ fuels }: { fuels: readonly TFuelSales[] }) {
  return (
    <ChartCard
      title="Sold by fuel"
      description="Litres, kilograms (CNG) and kWh (EV charging) with their revenue"
      testId="fuel-totals-card"
    >
      <FuelTotalsTable fuels={fuels} />
    </ChartCard>
  );
}
