import { ROLES, type TRole } from '@forecourt/contracts';
import { MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../labels';
import { useStationChoices } from '../queries';

/** Role (admin / member) and, for a member, the stations they work with. */
export function AccessFields({
  role,
  onRoleChange,
  stationIds,
  onStationIdsChange,
  stationError,
}: {
  role: TRole;
  onRoleChange: (role: TRole) => void;
  stationIds: string[];
  onStationIdsChange: (ids: string[]) => void;
  stationError?: string;
}) {
  const labelId = useId();
  const stations = useStationChoices();
  const options = (stations.data?.results ?? []).map((station) => ({
    value: String(station.id),
    label: `${station.name} (${station.code})`,
  }));
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          Role
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={role}
          onChange={(value) => onRoleChange(value === 'admin' ? 'admin' : 'member')}
          data={ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        />
        <Text size="xs" c="dimmed">
          {ROLE_DESCRIPTIONS[role]}
        </Text>
      </Stack>
      {role === 'member' && (
        <MultiSelect
          label="Stations"
          placeholder={stationIds.length ? undefined : 'Choose stations'}
          data={options}
          value={stationIds}
          onChange={onStationIdsChange}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={240}
          nothingFoundMessage={stations.isPending ? 'Loading stations…' : 'No station matches'}
          error={stationError ?? (stations.isError ? 'Could not load the stations.' : undefined)}
        />
      )}
    </Stack>
  );
}
