import { FUELLING_POINT_STATES, type TFuellingPointState } from '@forecourt/contracts';
import { Group, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format';
import { FUELLING_POINT_STATE_LABELS } from '../labels';
import { FUELLING_POINT_STATE_ICONS } from './state-visuals';

/** Icon colours that read on both themes (Mantine's "dark" swatch vanishes on the dark one). */
const ICON_COLORS: Record<TFuellingPointState, string> = {
  idle: 'var(--mantine-color-gray-6)',
  fuelling: 'var(--mantine-color-blue-6)',
  fault: 'var(--mantine-color-red-6)',
  offline: 'var(--mantine-color-dark-3)',
};

/** "3 Fuelling · 8 Idle · 1 Fault · 0 Offline", each with its state's icon. */
export function StateCounts({ counts }: { counts: Record<TFuellingPointState, number> }) {
  return (
    <Group gap="lg" wrap="wrap" data-testid="state-counts">
      {FUELLING_POINT_STATES.map((state) => {
        const Icon = FUELLING_POINT_STATE_ICONS[state];
        return (
          <Group key={state} gap={8} wrap="nowrap" data-state={state}>
            <Icon size={18} stroke={2} color={ICON_COLORS[state]} aria-hidden />
            <Text size="sm">
              <Text span fw={700} size="lg">
                {formatNumber(counts[state])}
              </Text>{' '}
              {FUELLING_POINT_STATE_LABELS[state].toLowerCase()}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
