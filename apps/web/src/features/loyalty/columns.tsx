import type {
  LOYALTY_TRANSACTION_SORTS,
  SETTLEMENT_SORTS,
  TLoyaltyTransactionItem,
  TSettlementItem,
} from '@forecourt/contracts';
import { Badge, Group, Text } from '@mantine/core';
import type { TColumn } from '../../components/data-table';
import { EnumBadge } from '../../components/enum-badge';
import { AnchorLink } from '../../components/links';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import {
  LOYALTY_KIND_COLORS,
  LOYALTY_KIND_LABELS,
  LOYALTY_STATUS_COLORS,
  LOYALTY_STATUS_LABELS,
  SETTLEMENT_STATUS_COLORS,
  SETTLEMENT_STATUS_LABELS,
} from './labels';

type TLoyaltyField = (typeof LOYALTY_TRANSACTION_SORTS)[number];
type TSettlementField = (typeof SETTLEMENT_SORTS)[number];

const signed = (points: number) => (points > 0 ? `+${formatNumber(points)}` : formatNumber(points));

export const loyaltyTransactionColumns: TColumn<TLoyaltyTransactionItem, TLoyaltyField>[] = [
  {
    key: 'createdAt',
    header: 'Time',
    sort: 'createdAt',
    nowrap: true,
    cell: (row) => formatDateTime(row.createdAt),
  },
  { key: 'station', header: 'Station', cell: (row) => row.stationName },
  {
    key: 'kind',
    header: 'Kind',
    cell: (row) => (
      <Group gap={6} wrap="nowrap">
        <EnumBadge value={row.kind} labels={LOYALTY_KIND_LABELS} colors={LOYALTY_KIND_COLORS} />
        {row.isTest && (
          <Badge size="sm" variant="outline" color="gray" tt="none">
            Test
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'points',
    header: 'Points',
    sort: 'points',
    numeric: true,
    nowrap: true,
    cell: (row) => (
      <Text size="sm" c={row.points < 0 ? 'red' : undefined} span>
        {signed(row.points)}
      </Text>
    ),
  },
  {
    key: 'amount',
    header: 'Bill',
    sort: 'amountPaise',
    numeric: true,
    nowrap: true,
    cell: (row) => formatMoney(row.amountPaise),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <EnumBadge value={row.status} labels={LOYALTY_STATUS_LABELS} colors={LOYALTY_STATUS_COLORS} />
    ),
  },
];

/** "12 Mar – 19 Mar 2026": the period's first and last day (the end is exclusive). */
export function periodLabel(row: Pick<TSettlementItem, 'periodStart' | 'periodEnd'>): string {
  const start = formatDate(row.periodStart);
  const last = formatDate(Date.parse(row.periodEnd) - 1);
  return start === last ? start : `${start} – ${last}`;
}

export function settlementColumns(slug: string): TColumn<TSettlementItem, TSettlementField>[] {
  return [
    {
      key: 'period',
      header: 'Period',
      sort: 'periodStart',
      nowrap: true,
      rowLink: true,
      cell: (row) => (
        <AnchorLink
          to="/loyalty/$slug/settlements/$id"
          params={{ slug, id: String(row.id) }}
          fw={600}
          aria-label={`Statement of ${row.stationName}, ${periodLabel(row)}`}
        >
          {periodLabel(row)}
        </AnchorLink>
      ),
    },
    { key: 'station', header: 'Station', cell: (row) => row.stationName },
    {
      key: 'count',
      header: 'Payments',
      numeric: true,
      cell: (row) => formatNumber(row.transactionCount),
    },
    {
      key: 'gross',
      header: 'Gross',
      numeric: true,
      nowrap: true,
      cell: (row) => formatMoney(row.grossPaise),
    },
    { key: 'fee', header: 'Fee', numeric: true, nowrap: true, cell: (row) => formatMoney(row.feePaise) },
    {
      key: 'net',
      header: 'Net',
      sort: 'netPaise',
      numeric: true,
      nowrap: true,
      cell: (row) => formatMoney(row.netPaise),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <EnumBadge value={row.status} labels={SETTLEMENT_STATUS_LABELS} colors={SETTLEMENT_STATUS_COLORS} />
      ),
    },
    { key: 'utr', header: 'UTR', nowrap: true, cell: (row) => row.utr ?? '—' },
    {
      key: 'createdAt',
      header: 'Created',
      sort: 'createdAt',
      nowrap: true,
      cell: (row) => formatDateTime(row.createdAt),
    },
  ];
}
