import {
  type TChallan,
  type TTransaction,
  type TVehicle,
  type TVehicleDetail,
  type TVehicleSighting,
  VEHICLE_DETAIL_CHALLANS,
  VEHICLE_DETAIL_ROWS,
} from '@forecourt/contracts';
import { Breadcrumbs, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DataTable, type TColumn } from '../../../components/data-table';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import {
  challanColumns,
  QuantityByFuel,
  sightingColumns,
  stationColumn,
  stationVisitColumns,
  transactionColumns,
} from '../columns';
import { VEHICLE_CLASS_LABELS } from '../labels';
import { useStationRefs } from '../queries';
import { FuelBadge, WatchlistBadge } from './badges';

function VehicleBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs fz="sm" separatorMargin={6}>
      <AnchorLink to="/vehicles" size="sm">
        Vehicles
      </AnchorLink>
      <Text size="sm" c="dimmed" aria-current="page" truncate maw={320}>
        {current}
      </Text>
    </Breadcrumbs>
  );
}

/** Title block of a vehicle: registration, class, fuel, watch list, first and latest visit. */
export function VehicleHeader({ vehicle, actions }: { vehicle: TVehicle; actions?: ReactNode }) {
  return (
    <PageHeader
      before={<VehicleBreadcrumbs current={vehicle.registration} />}
      title={
        <span style={{ fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.02em' }}>
          {vehicle.registration}
        </span>
      }
      description={
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{VEHICLE_CLASS_LABELS[vehicle.vehicleClass]}</Text>
            <FuelBadge fuel={vehicle.fuel} />
            {vehicle.isWatchlisted && <WatchlistBadge size="md" />}
          </Group>
          <Text size="sm" c="dimmed">
            First seen {formatDateTime(vehicle.firstSeenAt)} · latest visit {formatDateTime(vehicle.servedAt)}
          </Text>
        </Stack>
      }
      actions={actions}
    />
  );
}

export function VehicleHeaderSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading vehicle">
      <Skeleton height={14} width={160} />
      <Skeleton height={30} width={260} />
      <Skeleton height={14} width={320} />
    </Stack>
  );
}

export function VehicleNotFound({ registration }: { registration: string }) {
  return (
    <Stack gap="md" align="flex-start" data-testid="vehicle-not-found">
      <VehicleBreadcrumbs current={registration} />
      <PageHeader
        title="Vehicle not found"
        description={
          <>
            No station of your network has served or read <code>{registration}</code>, or it was only seen at
            stations you do not have access to.
          </>
        }
      />
      <ButtonLink to="/vehicles" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Back to all vehicles
      </ButtonLink>
    </Stack>
  );
}

function Tile({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text component="div" size="xl" fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The window's totals: fills, spend, quantity per fuel, camera reads and pending challans. */
export function VehicleTotals({ totals }: { totals: TVehicleDetail['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="vehicle-totals">
      <Tile label="Fills">{formatNumber(totals.fills)}</Tile>
      <Tile label="Spent">{formatMoney(totals.amountPaise)}</Tile>
      <Tile label="Bought">
        <QuantityByFuel quantities={totals.quantityByFuel} size="lg" />
      </Tile>
      <Tile label="Camera reads">{formatNumber(totals.sightings)}</Tile>
      <Tile
        label="Pending challans"
        hint={totals.pendingChallans > 0 ? `${formatMoney(totals.pendingFinePaise)} in fines` : 'Any time'}
      >
        <Text span inherit c={totals.pendingChallans > 0 ? 'red' : undefined}>
          {formatNumber(totals.pendingChallans)}
        </Text>
      </Tile>
    </SimpleGrid>
  );
}

/** A titled table of the vehicle page, or a sentence when it has no rows. */
function Section<TRow>({
  title,
  note,
  rows,
  columns,
  rowKey,
  empty,
  testId,
  minWidth,
}: {
  title: string;
  note?: ReactNode;
  rows: readonly TRow[];
  columns: readonly TColumn<TRow>[];
  rowKey: (row: TRow) => number | string;
  empty: string;
  testId: string;
  minWidth?: number;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Group>
      <Paper withBorder radius="md" p={rows.length ? 0 : 'md'} style={{ overflow: 'hidden' }}>
        {rows.length ? (
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            testId={`${testId}-table`}
            rowTestId={`${testId}-row`}
            caption={title}
            minWidth={minWidth}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

const latestNote = (shown: number, total: number, most: number) =>
  total > shown || shown >= most ? `The latest ${formatNumber(shown)} of ${formatNumber(total)}` : undefined;

/** Stations visited, latest fills, camera reads and challans of one vehicle. */
export function VehicleSections({ detail, busy }: { detail: TVehicleDetail; busy?: boolean }) {
  const stationIds = [...detail.fills, ...detail.sightings].map((row) => row.stationId);
  const stations = useStationRefs(detail.stations, stationIds);
  const fillColumns: TColumn<TTransaction>[] = [
    transactionColumns.time,
    stationColumn<TTransaction>(stations),
    transactionColumns.fuel,
    transactionColumns.quantity,
    transactionColumns.amount,
    transactionColumns.paymentMode,
    transactionColumns.status,
  ];
  const sightingTableColumns: TColumn<TVehicleSighting>[] = [
    sightingColumns.time,
    stationColumn<TVehicleSighting>(stations),
    sightingColumns.lane,
    sightingColumns.dwell,
    sightingColumns.confidence,
    sightingColumns.outcome,
  ];
  const challanTableColumns: TColumn<TChallan>[] = [
    challanColumns.time,
    challanColumns.number,
    challanColumns.offences,
    challanColumns.place,
    challanColumns.fine,
    challanColumns.status,
  ];

  return (
    <Stack
      gap="lg"
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
      aria-busy={busy || undefined}
    >
      <Section
        title="Stations visited"
        rows={detail.stations}
        columns={stationVisitColumns}
        rowKey={(visit) => visit.stationId}
        empty="It did not fill at any of your stations in this window."
        testId="vehicle-stations"
        minWidth={560}
      />
      <Section
        title="Latest fills"
        note={latestNote(detail.fills.length, detail.totals.fills, VEHICLE_DETAIL_ROWS)}
        rows={detail.fills}
        columns={fillColumns}
        rowKey={(fill) => fill.id}
        empty="No fills in this window."
        testId="vehicle-fills"
        minWidth={880}
      />
      <Section
        title="Camera reads"
        note={latestNote(detail.sightings.length, detail.totals.sightings, VEHICLE_DETAIL_ROWS)}
        rows={detail.sightings}
        columns={sightingTableColumns}
        rowKey={(sighting) => sighting.id}
        empty="No camera read it in this window."
        testId="vehicle-sightings"
        minWidth={760}
      />
      <Section
        title="Challans"
        note={
          detail.challans.length >= VEHICLE_DETAIL_CHALLANS
            ? `The latest ${formatNumber(VEHICLE_DETAIL_CHALLANS)}, any time`
            : 'Any time, latest first'
        }
        rows={detail.challans}
        columns={challanTableColumns}
        rowKey={(challan) => challan.id}
        empty="No challans on record for this vehicle."
        testId="vehicle-challans"
        minWidth={900}
      />
    </Stack>
  );
}
