import type { TStation } from '@forecourt/contracts';
import { Group, Table, Text } from '@mantine/core';
import { followRowLink, STACKED, STACKED_SCROLL } from '../../../components/data-table';
import { AnchorLink } from '../../../components/links';
import { SortableTh, type TSortState } from '../../../components/sortable-th';
import { formatDate, formatNumber } from '../../../lib/format';
import { parseSort } from '../../../lib/list-sort';
import { FUEL_PROVIDER_LABELS } from '../labels';
import type { TStationSortField, TStationSortValue } from '../search';
import { StationPinButton } from './pin-button';
import { FuelBadges, StationStatusBadge } from './station-badges';

/** One page of stations. Sorting is the caller's: clicking a header calls `onSort(field)`. */
export function StationTable({
  stations,
  sort,
  onSort,
  busy,
}: {
  stations: readonly TStation[];
  sort: TStationSortValue;
  onSort: (field: TStationSortField) => void;
  /** Another page is loading; the rows shown are the previous ones. */
  busy?: boolean;
}) {
  const current = parseSort(sort);
  const sortState = (field: TStationSortField): TSortState =>
    current.field !== field ? 'none' : current.direction === 'asc' ? 'ascending' : 'descending';
  const sortable = (field: TStationSortField, label: string, width?: number) => (
    <SortableTh sorted={sortState(field)} onSort={() => onSort(field)} w={width}>
      {label}
    </SortableTh>
  );

  return (
    <Table.ScrollContainer minWidth={960} type="native" className={STACKED_SCROLL}>
      <Table
        className={STACKED}
        data-testid="station-table"
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-busy={busy || undefined}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {sortable('name', 'Name')}
            <Table.Th>Code</Table.Th>
            {sortable('city', 'City / State')}
            <Table.Th>Provider</Table.Th>
            <Table.Th>Fuels</Table.Th>
            {sortable('status', 'Status', 150)}
            <Table.Th ta="right">Dispensers</Table.Th>
            {sortable('openedOn', 'Opened', 130)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stations.map((station) => (
            <Table.Tr
              key={station.id}
              data-testid="station-row"
              onClick={followRowLink}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td data-row-link data-label="Name">
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <AnchorLink to="/stations/$slug" params={{ slug: station.slug }} fw={600} size="sm">
                    {station.name}
                  </AnchorLink>
                  <StationPinButton slug={station.slug} name={station.name} />
                </Group>
              </Table.Td>
              <Table.Td data-label="Code">
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {station.code}
                </Text>
              </Table.Td>
              <Table.Td data-label="City / State">
                <Text size="sm">{station.city}</Text>
                <Text size="xs" c="dimmed">
                  {station.state}
                </Text>
              </Table.Td>
              <Table.Td data-label="Provider">{FUEL_PROVIDER_LABELS[station.fuelProvider]}</Table.Td>
              <Table.Td data-label="Fuels">
                <FuelBadges fuels={station.fuels} />
              </Table.Td>
              <Table.Td data-label="Status">
                <StationStatusBadge status={station.status} />
              </Table.Td>
              <Table.Td data-label="Dispensers" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(station.dispenserCount)}
              </Table.Td>
              <Table.Td data-label="Opened" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(station.openedOn)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
