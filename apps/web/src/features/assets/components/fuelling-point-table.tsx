import { Table, Text } from '@mantine/core';
import { formatDateTime, MISSING_VALUE } from '../../../lib/format';
import type { TFuellingPoint } from '../schematic-model';
import { FuelBadge, FuellingPointStateBadge } from './state-visuals';

/**
 * The schematic as a table: one row per fuelling point with its lane, dispenser, side, fuel, state
 * and last transaction. It is what assistive technology reads instead of the drawing.
 */
export function FuellingPointTable({
  points,
  now,
  labelledBy,
}: {
  points: readonly TFuellingPoint[];
  now: number;
  labelledBy: string;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-labelledby={labelledBy} data-testid="schematic-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Lane</Table.Th>
            <Table.Th scope="col">Dispenser</Table.Th>
            <Table.Th scope="col">Nozzle</Table.Th>
            <Table.Th scope="col">Side</Table.Th>
            <Table.Th scope="col">Fuel</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            <Table.Th scope="col">Last transaction</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map(({ lane, dispenser, nozzle }) => (
            <Table.Tr
              key={nozzle.id}
              data-testid="schematic-row"
              data-nozzle-id={nozzle.id}
              data-state={nozzle.state}
            >
              <Table.Td>{lane}</Table.Td>
              <Table.Th scope="row" fw={600}>
                {dispenser.code}
              </Table.Th>
              <Table.Td>{nozzle.number}</Table.Td>
              <Table.Td>{nozzle.side}</Table.Td>
              <Table.Td>
                <FuelBadge fuel={nozzle.fuel} />
              </Table.Td>
              <Table.Td>
                <FuellingPointStateBadge state={nozzle.state} />
              </Table.Td>
              <Table.Td>
                {nozzle.lastTransactionAt ? (
                  <time dateTime={nozzle.lastTransactionAt}>
                    {formatDateTime(nozzle.lastTransactionAt, { now })}
                  </time>
                ) : (
                  <Text span c="dimmed" size="sm">
                    {MISSING_VALUE}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
