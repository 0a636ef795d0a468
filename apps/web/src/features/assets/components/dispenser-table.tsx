import { FUEL_UNITS, type TRegistryDispenser, type TRegistryNozzle } from '@forecourt/contracts';
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment } from 'react';
import { SortableTh, type TSortState } from '../../../components/sortable-th';
import {
  formatDateTime,
  formatMoney,
  formatNumber,
  formatQuantity,
  MISSING_VALUE,
} from '../../../lib/format';
import { parseSort } from '../../../lib/list-sort';
import type { TDispenserSortField, TDispenserSortValue } from '../search';
import { DispenserStatusBadge, FuelBadge, NozzleStatusBadge } from './state-visuals';

const DISPENSER_COLUMNS = 6;
const NOZZLE_COLUMN_WIDTHS = ['12%', '13%', '15%', '24%', '10%', '13%', '13%'];

function sortState(sort: TDispenserSortValue, field: TDispenserSortField): TSortState {
  const current = parseSort(sort);
  if (current.field !== field) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

function When({ at }: { at: string | null }) {
  if (!at)
    return (
      <Text span c="dimmed" size="sm">
        {MISSING_VALUE}
      </Text>
    );
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

function flowRate(nozzle: TRegistryNozzle): string {
  const rate = nozzle.health.flowRatePerMinute;
  if (rate === null) return MISSING_VALUE;
  return `${formatQuantity(rate, FUEL_UNITS[nozzle.fuel], { maximumFractionDigits: 1 })}/min`;
}

/** A dispenser's nozzles with their last fill and health over the window. */
function NozzleTable({ dispenser }: { dispenser: TRegistryDispenser }) {
  if (dispenser.nozzles.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No nozzles registered on this dispenser.
      </Text>
    );
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={4}
      fz="sm"
      layout="fixed"
      aria-label={`Nozzles of ${dispenser.code}`}
      data-testid="nozzle-table"
    >
      {/* Fixed widths, so the nozzle columns line up from one dispenser to the next. */}
      <colgroup>
        {NOZZLE_COLUMN_WIDTHS.map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of columns
          <col key={index} style={{ width }} />
        ))}
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Nozzle</Table.Th>
          <Table.Th scope="col">Fuel</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Last transaction</Table.Th>
          <Table.Th scope="col" ta="right">
            Fills
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Quantity
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Flow rate
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {dispenser.nozzles.map((nozzle) => {
          const unit = FUEL_UNITS[nozzle.fuel];
          const last = nozzle.lastTransaction;
          return (
            <Table.Tr key={nozzle.id} data-testid="nozzle-row" data-nozzle-id={nozzle.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {nozzle.number} · side {nozzle.side}
              </Table.Td>
              <Table.Td>
                <FuelBadge fuel={nozzle.fuel} />
              </Table.Td>
              <Table.Td>
                <NozzleStatusBadge status={nozzle.status} />
              </Table.Td>
              <Table.Td>
                {last ? (
                  <Stack gap={0}>
                    <When at={last.startDate} />
                    <Text size="xs" c="dimmed">
                      {formatQuantity(last.quantity, unit)} · {formatMoney(last.amountPaise)}
                    </Text>
                  </Stack>
                ) : (
                  <When at={null} />
                )}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(nozzle.health.transactions)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatQuantity(nozzle.health.quantity, unit)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {flowRate(nozzle)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The registry: a row per dispenser (code, lane, status, make, last fill, faults in the window)
 * with its nozzles in a nested table below it. Code, lane and status sort through the address bar.
 */
export function DispenserTable({
  dispensers,
  sort,
  onSort,
  busy,
}: {
  dispensers: readonly TRegistryDispenser[];
  sort: TDispenserSortValue;
  onSort: (field: TDispenserSortField) => void;
  busy?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        verticalSpacing="sm"
        aria-label="Dispensers"
        aria-busy={busy || undefined}
        data-testid="dispenser-table"
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <SortableTh sorted={sortState(sort, 'code')} onSort={() => onSort('code')}>
              Dispenser
            </SortableTh>
            <SortableTh sorted={sortState(sort, 'lane')} onSort={() => onSort('lane')}>
              Lane
            </SortableTh>
            <SortableTh sorted={sortState(sort, 'status')} onSort={() => onSort('status')}>
              Status
            </SortableTh>
            <Table.Th scope="col">Make</Table.Th>
            <Table.Th scope="col">Last transaction</Table.Th>
            <Table.Th scope="col" ta="right">
              Faults in window
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dispensers.map((dispenser) => (
            <Fragment key={dispenser.id}>
              <Table.Tr
                data-testid="dispenser-row"
                data-dispenser-id={dispenser.id}
                bg="var(--mantine-color-default-hover)"
              >
                <Table.Th scope="row">
                  <Text fw={700}>{dispenser.code}</Text>
                </Table.Th>
                <Table.Td>{dispenser.lane}</Table.Td>
                <Table.Td>
                  <DispenserStatusBadge status={dispenser.status} />
                </Table.Td>
                <Table.Td>{dispenser.make}</Table.Td>
                <Table.Td>
                  <When at={dispenser.lastTransactionAt} />
                </Table.Td>
                <Table.Td ta="right">
                  {dispenser.faults > 0 ? (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <IconAlertTriangle size={14} color="var(--mantine-color-red-filled)" aria-hidden />
                      <Text span fw={700} c="red">
                        {formatNumber(dispenser.faults)}
                      </Text>
                    </Group>
                  ) : (
                    formatNumber(0)
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td colSpan={DISPENSER_COLUMNS} pt={0} pb="md">
                  <Box
                    pl="md"
                    ml="xs"
                    style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}
                  >
                    <NozzleTable dispenser={dispenser} />
                  </Box>
                </Table.Td>
              </Table.Tr>
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
