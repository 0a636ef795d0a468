import {
  FUEL_PROVIDERS,
  FUELS,
  type TFuel,
  type TStation,
  type TStationCreateRequest,
  ZStationCreateRequest,
} from '@forecourt/contracts';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { FormError } from '../../auth';
import { FUEL_LABELS } from '../labels';
import { useCreateStation } from '../queries';

type TNozzleDraft = { side: 'A' | 'B'; fuel: TFuel };
type TDispenserDraft = { code: string; lane: number | string; make: string; nozzles: TNozzleDraft[] };
type TDraft = {
  name: string;
  code: string;
  fuelProvider: string | null;
  city: string;
  state: string;
  address: string;
  pincode: string;
  lat: number | string;
  lng: number | string;
  lanes: number | string;
  openedOn: string;
  dispensers: TDispenserDraft[];
};

const newDispenser = (index: number): TDispenserDraft => ({
  code: `DU-${String(index + 1).padStart(2, '0')}`,
  lane: index + 1,
  make: '',
  nozzles: [
    { side: 'A', fuel: 'petrol' },
    { side: 'B', fuel: 'diesel' },
  ],
});

const EMPTY: TDraft = {
  name: '',
  code: '',
  fuelProvider: null,
  city: '',
  state: '',
  address: '',
  pincode: '',
  lat: '',
  lng: '',
  lanes: 2,
  openedOn: new Date().toISOString().slice(0, 10),
  dispensers: [newDispenser(0)],
};

const toNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The request the form stands for; nozzles are numbered in order on each dispenser. */
function toRequest(draft: TDraft): unknown {
  return {
    name: draft.name,
    code: draft.code,
    fuelProvider: draft.fuelProvider ?? undefined,
    city: draft.city,
    state: draft.state,
    address: draft.address,
    pincode: draft.pincode.trim(),
    lat: toNumber(draft.lat),
    lng: toNumber(draft.lng),
    lanes: toNumber(draft.lanes),
    openedOn: draft.openedOn,
    dispensers: draft.dispensers.map((dispenser) => ({
      code: dispenser.code,
      lane: toNumber(dispenser.lane),
      make: dispenser.make,
      nozzles: dispenser.nozzles.map((nozzle, index) => ({ number: index + 1, ...nozzle })),
    })),
  };
}

/** Field errors by path (`code`, `dispensers.0.make`), in words a person can act on. */
function fieldErrors(draft: TDraft): { request?: TStationCreateRequest; errors: Record<string, string> } {
  const parsed = ZStationCreateRequest.safeParse(toRequest(draft));
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= friendly(key, issue.message);
  }
  return { errors };
}

function friendly(path: string, message: string): string {
  if (path === 'lat' || path === 'lng')
    return 'Enter a coordinate in India (latitude 6–37.5, longitude 68–97.5).';
  if (path === 'fuelProvider') return 'Choose the fuel brand.';
  if (path === 'pincode') return 'Enter the six-digit PIN code.';
  if (path === 'dispensers') return 'Add at least one dispenser.';
  if (
    /^(name|city|state|address|make|code)$/.test(path.split('.').pop() ?? '') &&
    /too_small|at least/i.test(message)
  )
    return 'Fill this in.';
  return message;
}

/**
 * Adds a station with its forecourt: where it is, its brand, and each dispenser with the nozzles
 * on it (the fuels the station sells follow from them). Checked with the API's own schema before
 * it is sent; the server's answer (a code already used) lands on the field it concerns.
 */
export function StationForm({ onCreated }: { onCreated: (station: TStation) => void }) {
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useCreateStation();

  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const setDispenser = (index: number, patch: Partial<TDispenserDraft>) =>
    set(
      'dispensers',
      draft.dispensers.map((dispenser, i) => (i === index ? { ...dispenser, ...patch } : dispenser)),
    );
  const text = (key: 'name' | 'code' | 'city' | 'state' | 'address' | 'pincode') => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
    error: errors[key],
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = fieldErrors(draft);
    setErrors(checked.errors);
    if (!checked.request) return;
    mutation.mutate(checked.request, {
      onSuccess: onCreated,
      onError: (error) => {
        if (isApiError(error, 'STATION_CODE_TAKEN'))
          setErrors({ code: 'Another station already has this code.' });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add a station">
      <Stack gap="lg">
        <Fieldset legend="The station">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" required data-autofocus maxLength={120} {...text('name')} />
            <TextInput
              label="Code"
              description="Your own reference, e.g. PN-HJW-02"
              required
              maxLength={20}
              {...text('code')}
            />
            <Select
              label="Fuel brand"
              required
              data={FUEL_PROVIDERS.map((value) => ({ value, label: value }))}
              value={draft.fuelProvider}
              onChange={(value) => set('fuelProvider', value)}
              error={errors.fuelProvider}
            />
            <TextInput
              label="Opened on"
              type="date"
              required
              value={draft.openedOn}
              onChange={(event) => set('openedOn', event.currentTarget.value)}
              error={errors.openedOn}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Where it is">
          <Stack gap="md">
            <TextInput label="Address" required maxLength={300} {...text('address')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput label="City" required maxLength={80} {...text('city')} />
              <TextInput label="State" required maxLength={80} {...text('state')} />
              <TextInput label="PIN code" required inputMode="numeric" maxLength={6} {...text('pincode')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NumberInput
                label="Latitude"
                required
                decimalScale={6}
                value={draft.lat}
                onChange={(value) => set('lat', value)}
                error={errors.lat}
              />
              <NumberInput
                label="Longitude"
                required
                decimalScale={6}
                value={draft.lng}
                onChange={(value) => set('lng', value)}
                error={errors.lng}
              />
              <NumberInput
                label="Lanes"
                required
                min={1}
                max={30}
                allowDecimal={false}
                value={draft.lanes}
                onChange={(value) => set('lanes', value)}
                error={errors.lanes}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Dispensers and nozzles">
          <Stack gap="md">
            {errors.dispensers ? (
              <Text c="red" size="sm" role="alert">
                {errors.dispensers}
              </Text>
            ) : null}
            {draft.dispensers.map((dispenser, index) => (
              <DispenserEditor
                // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id; rows are only appended or removed.
                key={index}
                index={index}
                dispenser={dispenser}
                errors={errors}
                canRemove={draft.dispensers.length > 1}
                onChange={(patch) => setDispenser(index, patch)}
                onRemove={() =>
                  set(
                    'dispensers',
                    draft.dispensers.filter((_, i) => i !== index),
                  )
                }
              />
            ))}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() =>
                  set('dispensers', [...draft.dispensers, newDispenser(draft.dispensers.length)])
                }
                disabled={draft.dispensers.length >= 40}
              >
                Add a dispenser
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <FormError error={mutation.isError && !errors.code ? mutation.error : null} context="general" />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Add station
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DispenserEditor({
  index,
  dispenser,
  errors,
  canRemove,
  onChange,
  onRemove,
}: {
  index: number;
  dispenser: TDispenserDraft;
  errors: Record<string, string>;
  canRemove: boolean;
  onChange: (patch: Partial<TDispenserDraft>) => void;
  onRemove: () => void;
}) {
  const path = `dispensers.${index}`;
  const setNozzle = (at: number, patch: Partial<TNozzleDraft>) =>
    onChange({
      nozzles: dispenser.nozzles.map((nozzle, i) => (i === at ? { ...nozzle, ...patch } : nozzle)),
    });
  const label = dispenser.code || `dispenser ${index + 1}`;
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Dispenser ${label}`} component="section">
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap" gap="md">
          <TextInput
            label="Dispenser code"
            required
            maxLength={20}
            w={140}
            value={dispenser.code}
            onChange={(event) => onChange({ code: event.currentTarget.value })}
            error={errors[`${path}.code`]}
          />
          <NumberInput
            label="Lane"
            required
            min={1}
            max={30}
            allowDecimal={false}
            w={90}
            value={dispenser.lane}
            onChange={(value) => onChange({ lane: value })}
            error={errors[`${path}.lane`]}
          />
          <TextInput
            label="Make"
            required
            placeholder="Tokheim, Gilbarco, Midco…"
            maxLength={60}
            style={{ flex: 1, minWidth: 160 }}
            value={dispenser.make}
            onChange={(event) => onChange({ make: event.currentTarget.value })}
            error={errors[`${path}.make`]}
          />
          {canRemove ? (
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              onClick={onRemove}
              aria-label={`Remove ${label}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
        {dispenser.nozzles.map((nozzle, at) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a nozzle is its number on the dispenser.
          <Group key={at} gap="md" wrap="wrap" align="center">
            <Text size="sm" w={80}>
              Nozzle {at + 1}
            </Text>
            <SegmentedControl
              aria-label={`Side of nozzle ${at + 1} on ${label}`}
              data={[
                { value: 'A', label: 'Side A' },
                { value: 'B', label: 'Side B' },
              ]}
              value={nozzle.side}
              onChange={(value) => setNozzle(at, { side: value === 'B' ? 'B' : 'A' })}
            />
            <Select
              aria-label={`Fuel of nozzle ${at + 1} on ${label}`}
              w={170}
              allowDeselect={false}
              data={FUELS.map((value) => ({ value, label: FUEL_LABELS[value] }))}
              value={nozzle.fuel}
              onChange={(value) => value && setNozzle(at, { fuel: value as TFuel })}
            />
            {dispenser.nozzles.length > 1 ? (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => onChange({ nozzles: dispenser.nozzles.filter((_, i) => i !== at) })}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={dispenser.nozzles.length >= 12}
            onClick={() => onChange({ nozzles: [...dispenser.nozzles, { side: 'A', fuel: 'petrol' }] })}
          >
            Add a nozzle
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
