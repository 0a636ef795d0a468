import { DISPENSER_STATUSES, FUELS, type TDispenserStatus, type TFuel } from '@forecourt/contracts';
import { Button, Group, MultiSelect } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { FUEL_LABELS } from '../../stations/labels';
import { DISPENSER_STATUS_LABELS } from '../labels';
import { hasDispenserFilters, type TDispenserFilters } from '../search';

const statusOptions = DISPENSER_STATUSES.map((value) => ({ value, label: DISPENSER_STATUS_LABELS[value] }));
const fuelOptions = FUELS.map((value) => ({ value, label: FUEL_LABELS[value] }));
const SELECT_WIDTH = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 220 };

/** Status and fuel filters of the dispenser registry; values come from and go to the address bar. */
export function DispenserFilters({
  value,
  onChange,
  onClear,
}: {
  value: TDispenserFilters;
  onChange: (patch: TDispenserFilters) => void;
  onClear: () => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect<TDispenserStatus>
        label="Status"
        placeholder={value.status?.length ? undefined : 'Any status'}
        data={statusOptions}
        value={value.status ?? []}
        onChange={(next) => onChange({ status: next.length ? next : undefined })}
        clearable
        w={SELECT_WIDTH}
        data-testid="dispenser-status-filter"
      />
      <MultiSelect<TFuel>
        label="Fuel"
        placeholder={value.fuel?.length ? undefined : 'Any fuel'}
        data={fuelOptions}
        value={value.fuel ?? []}
        onChange={(next) => onChange({ fuel: next.length ? next : undefined })}
        clearable
        w={SELECT_WIDTH}
        data-testid="dispenser-fuel-filter"
      />
      {hasDispenserFilters(value) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
