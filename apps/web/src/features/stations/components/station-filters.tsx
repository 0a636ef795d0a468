import {
  FUEL_PROVIDERS,
  FUELS,
  STATION_STATUSES,
  type TFuel,
  type TFuelProvider,
  type TStationStatus,
} from '@forecourt/contracts';
import { Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FilterDisclosure } from '../../../components/filter-disclosure';
import { FUEL_LABELS, FUEL_PROVIDER_LABELS, STATUS_LABELS } from '../labels';
import { hasStationFilters, type TStationFilters } from '../search';

export const SEARCH_DEBOUNCE_MS = 300;

/** Two selects per row on phones, a fixed width beside the search box on wider screens. */
const SELECT_WIDTH = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 180 };

const providerOptions = FUEL_PROVIDERS.map((value) => ({ value, label: FUEL_PROVIDER_LABELS[value] }));
const fuelOptions = FUELS.map((value) => ({ value, label: FUEL_LABELS[value] }));
const statusOptions = STATION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/**
 * Search box and multi-selects of the station list. The values come from the URL; changes are
 * reported through `onChange` (the search box after a 300 ms pause, or at once on Enter).
 */
export function StationFilters({
  value,
  onChange,
  onClear,
}: {
  value: TStationFilters;
  onChange: (patch: TStationFilters, options?: { replace?: boolean }) => void;
  onClear: () => void;
}) {
  const [text, setText] = useState(value.q ?? '');
  const submitText = useDebouncedCallback((next: string) => {
    onChange({ q: next.trim() || undefined }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  // The URL changed from elsewhere (Clear filters, back button): show its value, unless it only
  // differs from what is typed by surrounding spaces the URL does not keep.
  useEffect(() => {
    setText((typed) => (typed.trim() === (value.q ?? '') ? typed : (value.q ?? '')));
  }, [value.q]);

  const handleClear = () => {
    submitText.cancel();
    setText('');
    onClear();
  };

  return (
    <FilterDisclosure
      active={
        [value.q, value.fuelProvider?.length, value.fuels?.length, value.status?.length].filter(Boolean)
          .length
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label="Search"
          placeholder="Name, code or city"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            submitText(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submitText.flush();
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <MultiSelect<TFuelProvider>
          label="Provider"
          placeholder={value.fuelProvider?.length ? undefined : 'Any provider'}
          data={providerOptions}
          value={value.fuelProvider ?? []}
          onChange={(next) => onChange({ fuelProvider: next.length ? next : undefined })}
          clearable
          w={SELECT_WIDTH}
        />
        <MultiSelect<TFuel>
          label="Fuels"
          placeholder={value.fuels?.length ? undefined : 'Any fuel'}
          data={fuelOptions}
          value={value.fuels ?? []}
          onChange={(next) => onChange({ fuels: next.length ? next : undefined })}
          clearable
          w={SELECT_WIDTH}
        />
        <MultiSelect<TStationStatus>
          label="Status"
          placeholder={value.status?.length ? undefined : 'Any status'}
          data={statusOptions}
          value={value.status ?? []}
          onChange={(next) => onChange({ status: next.length ? next : undefined })}
          clearable
          w={SELECT_WIDTH}
        />
        {hasStationFilters(value) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={handleClear}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </FilterDisclosure>
  );
}
