import {
  describeDurationToken,
  financialYearLabel,
  presetsFor,
  type TDurationToken,
  TIME_WINDOW_PRESET_LABELS,
  type TTimeWindowPreset,
  validateWindow,
} from '@forecourt/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Popover,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCalendarPlus,
  IconChevronLeft,
  IconChevronRight,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isoToIstInput, istInputToIso } from './ist-input';
import { automaticFrequency, frequencyChoices } from './resolve';
import classes from './time-window-control.module.css';
import type { TTimeWindowApi } from './use-time-window';

const ROLLING: Partial<Record<TTimeWindowPreset, TDurationToken>> = {
  last1h: '1h',
  last24h: '24h',
  last7d: '7d',
  last30d: '30d',
};

/**
 * The one time-window control of every windowed screen: presets, a custom range in IST, step back
 * and forward, the chart step (automatic or by hand) and the live switch. Everything it changes
 * goes to the address bar through {@link TTimeWindowApi}.
 */
export function TimeWindowControl({
  api,
  showFrequency = false,
}: {
  api: TTimeWindowApi;
  showFrequency?: boolean;
}) {
  const nowMs = Date.parse(api.window.endDate);
  const presets = presetsFor(api.screen, api.window.update ? Date.now() : nowMs);
  const frequencies = showFrequency ? frequencyChoices(api.screen, api.window) : [];
  const auto = automaticFrequency(api.screen, api.window);
  const atNow = api.window.update;

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" role="group" aria-label="Time window" className={classes.row}>
        <Tooltip label="Previous window" withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous window"
            onClick={() => api.step('back')}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
              aria-label={`Time window: ${api.label}`}
              data-testid="time-window-button"
              className={classes.window}
            >
              {api.label}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Show</Menu.Label>
            {presets.map((preset) => {
              const span = ROLLING[preset];
              return (
                <Menu.Item key={preset} onClick={() => (span ? api.setSpan(span) : api.setPreset(preset))}>
                  {presetLabel(preset)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
        <CustomRange api={api} />
        <Tooltip label={atNow ? 'Already showing the latest window' : 'Next window'} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next window"
            disabled={atNow}
            onClick={() => api.step('forward')}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {showFrequency && (
          <Select
            aria-label="Chart step"
            w={170}
            className={classes.frequency}
            allowDeselect={false}
            value={api.manualFrequency ? api.window.frequency : 'auto'}
            data={[
              { value: 'auto', label: `Auto (${describeDurationToken(auto)})` },
              ...frequencies.map((token) => ({
                value: token,
                label: `Every ${describeDurationToken(token)}`,
              })),
            ]}
            onChange={(value) =>
              api.setFrequency(value && value !== 'auto' ? (value as TDurationToken) : undefined)
            }
          />
        )}
        <Switch
          className={classes.live}
          label="Live"
          checked={api.window.update}
          onChange={(event) => api.setLive(event.currentTarget.checked)}
          description={api.window.update ? 'Follows now' : undefined}
        />
      </Group>
      {api.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />} role="alert">
          {api.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/** Preset names, with the financial year spelled as the year it is. */
function presetLabel(preset: TTimeWindowPreset): string {
  const label = TIME_WINDOW_PRESET_LABELS[preset];
  return preset === 'financialYear' ? `${label} (${financialYearLabel(Date.now())})` : label;
}

/** "Custom range…": two IST date-time fields, checked against the screen's limits before applying. */
function CustomRange({ api }: { api: TTimeWindowApi }) {
  const [opened, setOpened] = useState(false);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setStart(isoToIstInput(api.window.startDate));
    setEnd(api.window.update ? '' : isoToIstInput(api.window.endDate));
    setError(null);
    setOpened(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startDate = istInputToIso(start);
    const endDate = end ? istInputToIso(end) : null;
    if (!startDate) return setError('Enter the start date and time.');
    if (end && !endDate)
      return setError('Enter a valid end date and time, or leave it empty for "until now".');
    const problem = validateWindow(api.screen, {
      startDate,
      endDate: endDate ?? new Date().toISOString(),
    });
    if (problem) return setError(problem.message);
    api.setRange({ startDate, endDate: endDate ?? undefined });
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="subtle"
          className={classes.custom}
          aria-label="Custom range…"
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <span className={classes.customText}>Custom range…</span>
          <IconCalendarPlus size={18} className={classes.customIcon} aria-hidden />
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm" w={260}>
            <Text size="sm" fw={600}>
              Custom range (IST)
            </Text>
            <TextInput
              type="datetime-local"
              label="From"
              value={start}
              onChange={(event) => setStart(event.currentTarget.value)}
              required
            />
            <TextInput
              type="datetime-local"
              label="To"
              description="Leave empty to follow now"
              value={end}
              onChange={(event) => setEnd(event.currentTarget.value)}
            />
            <Text size="xs" c="dimmed">
              At most {describeDurationToken(api.window.maxInterval)}, at least{' '}
              {describeDurationToken(api.window.minInterval)} on this screen.
            </Text>
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" size="xs">
                Apply
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
