import type { THomePageChoice } from '@forecourt/contracts';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useCan } from '../../auth';
import { useStationPins } from '../../stations';
import { useHomePage, useSavedViews, useSaveHomePage } from '../queries';
import { ActionError } from './action-error';

type TOption = { value: string; label: string; choice: THomePageChoice };

const choiceValue = (choice: THomePageChoice): string =>
  choice.kind === 'station'
    ? `station:${choice.station}`
    : choice.kind === 'view'
      ? `view:${choice.viewId}`
      : choice.kind;

const LIST_NAMES: Record<string, string> = {
  '/stations': 'Stations',
  '/command': 'Command centre',
  '/incidents': 'Incidents',
  '/vehicles': 'Vehicles',
  '/cards': 'Cards',
  '/cards/activation-requests': 'Card activation requests',
  '/access-requests': 'Access requests',
};

/**
 * "Home page" in the user's settings: where they land after signing in and on `/`. Automatic
 * follows their role; otherwise a page, a pinned station or one of their views of a whole list.
 */
export function HomePageSetting() {
  const home = useHomePage();
  const pins = useStationPins();
  const views = useSavedViews();
  const save = useSaveHomePage();
  const canSeeIncidents = useCan('incidents:r');
  const [value, setValue] = useState<string | null>(null);
  const current = home.data ? choiceValue(home.data.choice) : null;
  useEffect(() => {
    if (current !== null) setValue(current);
  }, [current]);

  const options = useMemo(() => {
    const result: TOption[] = [
      { value: 'auto', label: 'Automatic (by your role)', choice: { kind: 'auto' } },
      { value: 'command', label: 'Command centre', choice: { kind: 'command' } },
      { value: 'stations', label: 'Stations', choice: { kind: 'stations' } },
    ];
    if (canSeeIncidents)
      result.push({ value: 'incidents', label: 'Incidents', choice: { kind: 'incidents' } });
    const stations = new Map<string, string>();
    for (const pin of pins.data?.results ?? []) stations.set(pin.slug, pin.name);
    // The chosen station stays offered even once unpinned.
    if (home.data?.choice.kind === 'station')
      stations.set(home.data.choice.station, home.data.choiceLabel ?? home.data.choice.station);
    for (const [slug, name] of stations)
      result.push({
        value: `station:${slug}`,
        label: `Station: ${name}`,
        choice: { kind: 'station', station: slug },
      });
    for (const view of views.data?.results ?? []) {
      const list = LIST_NAMES[view.list];
      if (list)
        result.push({
          value: `view:${view.id}`,
          label: `${list} view: ${view.name}`,
          choice: { kind: 'view', viewId: view.id },
        });
    }
    return result;
  }, [pins.data, views.data, home.data, canSeeIncidents]);

  const chosen = options.find((option) => option.value === value);
  const dirty = value !== null && value !== current;
  const landing = home.data;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-page-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="home-page-title">
          Home page
        </Title>
        <Text size="sm" c="dimmed">
          Where you land after signing in. Automatic: admins open the command centre, a member with one
          station opens that station, everyone else the station list with pinned stations first. Pin stations
          with the star to offer them here; views of a whole list can be chosen too.
        </Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label="Open after signing in"
            data={options.map(({ value: optionValue, label }) => ({ value: optionValue, label }))}
            value={value}
            onChange={setValue}
            allowDeselect={false}
            disabled={!home.data}
            w={360}
            maw="100%"
            data-testid="home-page-select"
          />
          <Button
            disabled={!dirty || !chosen}
            loading={save.isPending}
            onClick={() => chosen && save.mutate(chosen.choice)}
          >
            Save
          </Button>
        </Group>
        {landing && (
          <Text size="sm" data-testid="home-page-now">
            {landing.source === 'choice' ? 'You chose ' : 'By your role, you land on '}
            <strong>{describeLanding(landing.to, landing.params, landing.choiceLabel)}</strong>.
          </Text>
        )}
        <ActionError error={save.error ?? home.error} />
      </Stack>
    </Paper>
  );
}

function describeLanding(to: string, params: Record<string, string>, label: string | null): string {
  if (to === '/stations/$slug') return label ?? `the station ${params.slug ?? ''}`.trim();
  const list = LIST_NAMES[to] ?? to;
  return label
    ? `${list}, view “${label}”`
    : list.toLowerCase() === 'stations'
      ? 'the station list'
      : `the ${list.toLowerCase()}`;
}
