import {
  type CHALLAN_SORTS,
  type CUSTOMER_SORTS,
  FUEL_UNITS,
  type PAYMENT_SORTS,
  type TChallan,
  type TCustomerKind,
  type TCustomerSummary,
  type TFuel,
  type TPayment,
  type TPaymentMode,
  type TPaymentStatus,
  type TRANSACTION_SORTS,
  type TTransaction,
  type TTransactionStatus,
  type TVehicle,
  type TVehicleClass,
  type TVehicleSighting,
  type TVehicleStationVisits,
  type VEHICLE_SIGHTING_SORTS,
  type VEHICLE_SORTS,
} from '@forecourt/contracts';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TColumn } from '../../components/data-table';
import { EnumBadge } from '../../components/enum-badge';
import { AnchorLink } from '../../components/links';
import {
  formatDateTime,
  formatDuration,
  formatMoney,
  formatNumber,
  formatQuantity,
  MISSING_VALUE,
} from '../../lib/format';
import { FUEL_LABELS } from '../stations';
import { FuelBadge, WatchlistBadge } from './components/badges';
import {
  CHALLAN_STATUS_COLORS,
  CHALLAN_STATUS_LABELS,
  CUSTOMER_KIND_LABELS,
  PAYMENT_MODE_COLORS,
  PAYMENT_MODE_LABELS,
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  TRANSACTION_STATUS_COLORS,
  TRANSACTION_STATUS_LABELS,
  VEHICLE_CLASS_LABELS,
} from './labels';

/**
 * Columns of the operations tables, shared by the station lists, the registry and the vehicle page.
 * Each table picks the columns it shows; sortable ones name the API sort field.
 */

const CUSTOMER_KIND_COLORS = { individual: 'blue', fleet: 'orange', business: 'grape' } as const;

function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" component="div">
      {children}
    </Text>
  );
}

function Missing() {
  return <Text c="dimmed">{MISSING_VALUE}</Text>;
}

/** A registration that opens the vehicle's page. */
export function RegistrationLink({ registration }: { registration: string | null }) {
  if (!registration) return <Missing />;
  return (
    <AnchorLink
      to="/vehicles/$registration"
      params={{ registration }}
      size="sm"
      ff="monospace"
      fw={600}
      style={{ whiteSpace: 'nowrap' }}
    >
      {registration}
    </AnchorLink>
  );
}

/** A station by name, linking to its overview. */
export function StationLink({ slug, name }: { slug: string; name: string }) {
  return (
    <AnchorLink to="/stations/$slug" params={{ slug }} size="sm" fw={600}>
      {name}
    </AnchorLink>
  );
}

/** The station a row belongs to, by name when known. */
export function stationColumn<TRow extends { stationId: number | null }>(
  stations: ReadonlyMap<number, { slug: string; name: string }>,
): TColumn<TRow> {
  return {
    key: 'station',
    header: 'Station',
    cell: (row) => {
      const station = row.stationId === null ? undefined : stations.get(row.stationId);
      if (station) return <StationLink slug={station.slug} name={station.name} />;
      return row.stationId === null ? <Missing /> : `Station #${row.stationId}`;
    },
  };
}

const quantityOf = (quantity: number, fuel: TFuel) => formatQuantity(quantity, FUEL_UNITS[fuel]);

/** "120.5 L petrol", one line per fuel: quantities in different units are never added up on screen. */
export function QuantityByFuel({
  quantities,
  size = 'sm',
}: {
  quantities: Partial<Record<TFuel, number>>;
  /** `lg` for a totals tile. */
  size?: 'sm' | 'lg';
}) {
  const entries = (Object.entries(quantities) as [TFuel, number][]).filter(([, quantity]) => quantity > 0);
  if (entries.length === 0) return <Missing />;
  return (
    <Stack gap={0}>
      {entries.map(([fuel, quantity]) => (
        <Text key={fuel} size={size} fw={size === 'lg' ? 700 : undefined}>
          {quantityOf(quantity, fuel)}{' '}
          <Text span size="xs" c="dimmed">
            {FUEL_LABELS[fuel].toLowerCase()}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** A date-time column (IST, 12-hour); `—` where the row has none. */
function timeColumn<TRow, TField extends string = never>(
  key: string,
  header: string,
  at: (row: TRow) => string | null,
  sort?: TField,
): TColumn<TRow, TField> {
  return {
    key,
    header,
    sort,
    nowrap: true,
    cell: (row) => {
      const value = at(row);
      return value ? formatDateTime(value) : MISSING_VALUE;
    },
  };
}

/** A rupee amount from paise, in bold; `detail` adds a dimmed line below it. */
function moneyColumn<TRow, TField extends string = never>(
  key: string,
  header: string,
  paise: (row: TRow) => number,
  options: { sort?: TField; detail?: (row: TRow) => ReactNode } = {},
): TColumn<TRow, TField> {
  return {
    key,
    header,
    sort: options.sort,
    numeric: true,
    cell: (row) => (
      <>
        <Text size="sm" fw={600}>
          {formatMoney(paise(row))}
        </Text>
        {options.detail && <Dimmed>{options.detail(row)}</Dimmed>}
      </>
    ),
  };
}

/** An enum value as a badge, with the label and colour tables of `labels.ts`. */
function badgeColumn<TRow, T extends string>(
  key: string,
  header: string,
  value: (row: TRow) => T,
  labels: Record<T, string>,
  colors: Record<T, string>,
  variant?: 'light' | 'dot',
): TColumn<TRow, never> {
  return {
    key,
    header,
    cell: (row) => <EnumBadge value={value(row)} labels={labels} colors={colors} variant={variant} />,
  };
}

/** The registration, linking to the vehicle's page, over its class. */
function vehicleColumn<TRow extends { vehicleClass: TVehicleClass }>(
  registration: (row: TRow) => string | null,
): TColumn<TRow, never> {
  return {
    key: 'vehicle',
    header: 'Vehicle',
    cell: (row) => (
      <>
        <RegistrationLink registration={registration(row)} />
        <Dimmed>{VEHICLE_CLASS_LABELS[row.vehicleClass]}</Dimmed>
      </>
    ),
  };
}

const unitSymbol = (fuel: TFuel) => (FUEL_UNITS[fuel] === 'l' ? 'L' : FUEL_UNITS[fuel]);

type TTransactionField = (typeof TRANSACTION_SORTS)[number];

export const transactionColumns = {
  time: timeColumn<TTransaction, TTransactionField>('time', 'Time', (fill) => fill.startDate, 'startDate'),
  nozzleFuel: (nozzleNames: ReadonlyMap<number, string>): TColumn<TTransaction> => ({
    key: 'nozzle',
    header: 'Nozzle / fuel',
    cell: (fill) => (
      <Group gap={6} wrap="nowrap">
        <FuelBadge fuel={fill.fuel} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {nozzleNames.get(fill.nozzleId) ?? `Nozzle #${fill.nozzleId}`}
        </Text>
      </Group>
    ),
  }),
  fuel: {
    key: 'fuel',
    header: 'Fuel',
    cell: (fill) => <FuelBadge fuel={fill.fuel} />,
  } satisfies TColumn<TTransaction>,
  quantity: {
    key: 'quantity',
    header: 'Quantity',
    sort: 'quantity',
    numeric: true,
    cell: (fill) => quantityOf(fill.quantity, fill.fuel),
  } satisfies TColumn<TTransaction, TTransactionField>,
  amount: moneyColumn<TTransaction, TTransactionField>('amount', 'Amount', (fill) => fill.amountPaise, {
    sort: 'amountPaise',
    detail: (fill) => `${formatMoney(fill.unitPricePaise)}/${unitSymbol(fill.fuel)}`,
  }),
  paymentMode: badgeColumn<TTransaction, TPaymentMode>(
    'paymentMode',
    'Payment',
    (fill) => fill.paymentMode,
    PAYMENT_MODE_LABELS,
    PAYMENT_MODE_COLORS,
  ),
  status: badgeColumn<TTransaction, TTransactionStatus>(
    'status',
    'Status',
    (fill) => fill.status,
    TRANSACTION_STATUS_LABELS,
    TRANSACTION_STATUS_COLORS,
    'dot',
  ),
  vehicle: vehicleColumn<TTransaction>((fill) => fill.vehicleRegistration),
};

type TPaymentField = (typeof PAYMENT_SORTS)[number];

export const paymentColumns: TColumn<TPayment, TPaymentField>[] = [
  timeColumn<TPayment, TPaymentField>('time', 'Time', (payment) => payment.timestamp, 'timestamp'),
  badgeColumn<TPayment, TPaymentMode>(
    'mode',
    'Mode',
    (payment) => payment.mode,
    PAYMENT_MODE_LABELS,
    PAYMENT_MODE_COLORS,
  ),
  { key: 'provider', header: 'Provider', cell: (payment) => payment.provider },
  {
    key: 'reference',
    header: 'Reference',
    cell: (payment) => (
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {payment.reference}
      </Text>
    ),
  },
  {
    key: 'for',
    header: 'For',
    cell: (payment) => (payment.transactionId === null ? 'Top-up or settlement' : 'A fill'),
  },
  moneyColumn<TPayment, TPaymentField>('amount', 'Amount', (payment) => payment.amountPaise, {
    sort: 'amountPaise',
  }),
  badgeColumn<TPayment, TPaymentStatus>(
    'status',
    'Status',
    (payment) => payment.status,
    PAYMENT_STATUS_LABELS,
    PAYMENT_STATUS_COLORS,
    'dot',
  ),
];

type TSightingField = (typeof VEHICLE_SIGHTING_SORTS)[number];

const OUTCOME_LABELS = { fill: 'Filled', none: 'No fill' } as const;
const OUTCOME_COLORS = { fill: 'green', none: 'gray' } as const;

export const sightingColumns = {
  time: timeColumn<TVehicleSighting, TSightingField>(
    'time',
    'Seen at',
    (sighting) => sighting.servedAt,
    'servedAt',
  ),
  vehicle: vehicleColumn<TVehicleSighting>((sighting) => sighting.registration),
  lane: {
    key: 'lane',
    header: 'Lane',
    numeric: true,
    cell: (sighting) => formatNumber(sighting.lane),
  } satisfies TColumn<TVehicleSighting>,
  dwell: {
    key: 'dwell',
    header: 'Time on forecourt',
    sort: 'dwellSeconds',
    numeric: true,
    cell: (sighting) => formatDuration(sighting.dwellSeconds * 1000, { style: 'short', maxUnits: 2 }),
  } satisfies TColumn<TVehicleSighting, TSightingField>,
  confidence: {
    key: 'confidence',
    header: 'Read confidence',
    numeric: true,
    cell: (sighting) => (
      <Text size="sm" c={sighting.confidence < 80 ? 'orange' : undefined}>
        {sighting.confidence}%
      </Text>
    ),
  } satisfies TColumn<TVehicleSighting>,
  outcome: badgeColumn<TVehicleSighting, keyof typeof OUTCOME_LABELS>(
    'outcome',
    'Outcome',
    (sighting) => (sighting.transactionId === null ? 'none' : 'fill'),
    OUTCOME_LABELS,
    OUTCOME_COLORS,
  ),
};

type TVehicleField = (typeof VEHICLE_SORTS)[number];

export const vehicleColumns: TColumn<TVehicle, TVehicleField>[] = [
  {
    key: 'registration',
    header: 'Registration',
    sort: 'registration',
    rowLink: true,
    cell: (vehicle) => (
      <Group gap="xs" wrap="nowrap">
        <RegistrationLink registration={vehicle.registration} />
        {vehicle.isWatchlisted && <WatchlistBadge />}
      </Group>
    ),
  },
  { key: 'class', header: 'Class', cell: (vehicle) => VEHICLE_CLASS_LABELS[vehicle.vehicleClass] },
  { key: 'fuel', header: 'Fuel', cell: (vehicle) => <FuelBadge fuel={vehicle.fuel} /> },
  timeColumn<TVehicle, TVehicleField>(
    'firstSeen',
    'First seen',
    (vehicle) => vehicle.firstSeenAt,
    'firstSeenAt',
  ),
  timeColumn<TVehicle, TVehicleField>('served', 'Last visit', (vehicle) => vehicle.servedAt, 'servedAt'),
];

type TChallanField = (typeof CHALLAN_SORTS)[number];

export const challanColumns = {
  time: timeColumn<TChallan, TChallanField>(
    'time',
    'Issued',
    (challan) => challan.challanTime,
    'challanTime',
  ),
  number: {
    key: 'number',
    header: 'Challan no.',
    cell: (challan) => (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {challan.challanNo}
      </Text>
    ),
  } satisfies TColumn<TChallan>,
  vehicle: {
    key: 'vehicle',
    header: 'Vehicle',
    cell: (challan) => <RegistrationLink registration={challan.registration} />,
  } satisfies TColumn<TChallan>,
  offences: {
    key: 'offences',
    header: 'Offences',
    cell: (challan) => (
      <Stack gap={2}>
        {challan.offences.map((offence) => (
          <Text key={`${offence.act}-${offence.name}`} size="sm" title={offence.act}>
            {offence.name}
          </Text>
        ))}
      </Stack>
    ),
  } satisfies TColumn<TChallan>,
  place: {
    key: 'place',
    header: 'Place',
    cell: (challan) => (
      <>
        <Text size="sm">
          {challan.place}, {challan.stateCode}
        </Text>
        <Dimmed>{challan.department}</Dimmed>
      </>
    ),
  } satisfies TColumn<TChallan>,
  fine: moneyColumn<TChallan, TChallanField>('fine', 'Fine', (challan) => challan.finePaise, {
    sort: 'finePaise',
  }),
  status: {
    key: 'status',
    header: 'Status',
    cell: (challan) => (
      <>
        <EnumBadge
          value={challan.status}
          labels={CHALLAN_STATUS_LABELS}
          colors={CHALLAN_STATUS_COLORS}
          variant="dot"
        />
        {challan.paidAt && <Dimmed>Paid {formatDateTime(challan.paidAt)}</Dimmed>}
        {challan.court && <Dimmed>{challan.court}</Dimmed>}
      </>
    ),
  } satisfies TColumn<TChallan>,
};

type TCustomerField = (typeof CUSTOMER_SORTS)[number];

export const customerColumns: TColumn<TCustomerSummary, TCustomerField>[] = [
  {
    key: 'name',
    header: 'Customer',
    sort: 'name',
    cell: (customer) => (
      <>
        <Text size="sm" fw={600}>
          {customer.name}
        </Text>
        <Dimmed>{customer.phone ?? customer.email ?? MISSING_VALUE}</Dimmed>
      </>
    ),
  },
  badgeColumn<TCustomerSummary, TCustomerKind>(
    'kind',
    'Kind',
    (customer) => customer.kind,
    CUSTOMER_KIND_LABELS,
    CUSTOMER_KIND_COLORS,
  ),
  {
    key: 'quantity',
    header: 'Quantity bought',
    sort: 'quantity_sum',
    cell: (customer) => <QuantityByFuel quantities={customer.quantityByFuel} />,
  },
  moneyColumn<TCustomerSummary>('amount', 'Spent', (customer) => customer.amountPaise),
  {
    key: 'fills',
    header: 'Fills',
    numeric: true,
    cell: (customer) => formatNumber(customer.transactionCount),
  },
  timeColumn<TCustomerSummary>('lastVisit', 'Last visit', (customer) => customer.lastVisitAt),
];

export const stationVisitColumns: TColumn<TVehicleStationVisits>[] = [
  {
    key: 'station',
    header: 'Station',
    cell: (visit) => <StationLink slug={visit.slug} name={visit.name} />,
  },
  { key: 'fills', header: 'Fills', numeric: true, cell: (visit) => formatNumber(visit.fills) },
  moneyColumn<TVehicleStationVisits>('amount', 'Amount', (visit) => visit.amountPaise),
  timeColumn<TVehicleStationVisits>('lastFill', 'Last fill', (visit) => visit.lastFillAt),
];
