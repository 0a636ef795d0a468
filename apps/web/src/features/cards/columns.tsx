import type {
  CARD_ACTIVATION_REQUEST_SORTS,
  CARD_SORTS,
  TCard,
  TCardActivationRequestItem,
} from '@forecourt/contracts';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TColumn } from '../../components/data-table';
import { AnchorLink } from '../../components/links';
import { formatDate, formatDateTime, formatMoney, MISSING_VALUE } from '../../lib/format';
import { CardStatusBadge, RequestStatusBadge } from './components/card-badges';
import { CARD_KIND_LABELS } from './labels';

export type TCardField = (typeof CARD_SORTS)[number];
export type TCardRequestField = (typeof CARD_ACTIVATION_REQUEST_SORTS)[number];

/** The masked number as a link to the card. */
export function CardLink({ card }: { card: Pick<TCard, 'id' | 'maskedNumber'> }) {
  return (
    <AnchorLink
      to="/cards/$id"
      params={{ id: String(card.id) }}
      fw={600}
      ff="monospace"
      style={{ whiteSpace: 'nowrap' }}
    >
      {card.maskedNumber}
    </AnchorLink>
  );
}

export const cardColumns: TColumn<TCard, TCardField>[] = [
  { key: 'number', header: 'Card', rowLink: true, cell: (card) => <CardLink card={card} /> },
  { key: 'kind', header: 'Kind', cell: (card) => CARD_KIND_LABELS[card.kind] },
  { key: 'status', header: 'Status', cell: (card) => <CardStatusBadge status={card.status} /> },
  {
    key: 'vehicle',
    header: 'Vehicle',
    nowrap: true,
    cell: (card) => card.vehicleRegistration ?? MISSING_VALUE,
  },
  {
    key: 'daily',
    header: 'Daily limit',
    numeric: true,
    nowrap: true,
    cell: (card) => formatMoney(card.dailyLimitPaise),
  },
  {
    key: 'balance',
    header: 'Balance',
    sort: 'balancePaise',
    numeric: true,
    nowrap: true,
    cell: (card) => formatMoney(card.balancePaise),
  },
  {
    key: 'expires',
    header: 'Expires',
    sort: 'expiresAt',
    nowrap: true,
    cell: (card) => formatDate(card.expiresAt),
  },
  {
    key: 'created',
    header: 'Issued',
    sort: 'createdAt',
    nowrap: true,
    cell: (card) => formatDate(card.createdAt),
  },
];

/** Columns of the requests list; `actions` renders the approve / reject buttons of a row. */
export function cardRequestColumns(
  actions: (request: TCardActivationRequestItem) => ReactNode,
): TColumn<TCardActivationRequestItem, TCardRequestField>[] {
  return [
    {
      key: 'card',
      header: 'Card',
      cell: (request) => (
        <Stack gap={0}>
          <CardLink card={request.card} />
          <Text size="xs" c="dimmed">
            {CARD_KIND_LABELS[request.card.kind]}
            {request.card.vehicleRegistration ? ` · ${request.card.vehicleRegistration}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'requestedBy',
      header: 'Requested by',
      cell: (request) => (
        <Stack gap={0}>
          <Text size="sm">{request.requestedBy}</Text>
          {request.note && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {request.note}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Request',
      cell: (request) => (
        <Stack gap={2} align="flex-start">
          <RequestStatusBadge status={request.status} />
          {request.reason && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {request.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'cardStatus',
      header: 'Card now',
      cell: (request) => <CardStatusBadge status={request.card.status} />,
    },
    {
      key: 'created',
      header: 'Filed',
      sort: 'createdAt',
      nowrap: true,
      cell: (request) => formatDateTime(request.createdAt),
    },
    { key: 'actions', header: 'Decision', cell: actions },
  ];
}
