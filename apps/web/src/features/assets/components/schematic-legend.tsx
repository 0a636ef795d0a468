import { FUELLING_POINT_STATES, type TFuel } from '@forecourt/contracts';
import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { FUEL_LABELS } from '../../stations';
import { FUELLING_POINT_STATE_LABELS } from '../labels';
import { HatchPattern, NozzleMark } from './forecourt-schematic';
import classes from './schematic.module.css';
import { fuelStyle } from './state-visuals';

/** What the marks of the drawing mean: the four states (ring, badge icon, pattern) and the fuels. */
export function SchematicLegend({ fuels }: { fuels: readonly TFuel[] }) {
  const hatchId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-legend-hatch`;
  return (
    <Group gap="lg" wrap="wrap" data-testid="schematic-legend" aria-label="Legend" role="group">
      <svg width={0} height={0} aria-hidden style={{ position: 'absolute' }}>
        <defs>
          <HatchPattern id={hatchId} />
        </defs>
      </svg>
      {FUELLING_POINT_STATES.map((state) => (
        <Group key={state} gap={6} wrap="nowrap">
          <svg className={classes.legendMark} width={30} height={30} viewBox="-22 -26 48 48" aria-hidden>
            <g className={classes.point} data-state={state}>
              <NozzleMark state={state} fuel={null} hatchId={hatchId} />
            </g>
          </svg>
          <Text size="sm">{FUELLING_POINT_STATE_LABELS[state]}</Text>
        </Group>
      ))}
      {fuels.map((fuel) => (
        <Group key={fuel} gap={6} wrap="nowrap">
          <svg className={classes.legendMark} width={16} height={16} viewBox="-8 -8 16 16" aria-hidden>
            <circle className={classes.fuel} r={7.5} style={fuelStyle(fuel)} />
          </svg>
          <Text size="sm">{FUEL_LABELS[fuel]}</Text>
        </Group>
      ))}
    </Group>
  );
}
