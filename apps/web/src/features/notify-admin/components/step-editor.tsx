import {
  DAY_KINDS,
  FILTER_COMBINATORS,
  FILTER_OPERATORS,
  FILTER_SOURCES,
  STEP_TYPES,
  TIME_UNITS,
  type TStepCondition,
  type TStepFilter,
  type TStepMetadata,
} from '@forecourt/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { move, newCondition, newFilter, STEP_LABELS, type TStepForm } from '../workflow-form';
import { EmailBlocksEditor } from './email-blocks-editor';

/** Rows edited in place have no ids of their own: their position is their identity. */
const positionKey = (prefix: string, index: number) => `${prefix}-${index}`;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const UNIT_OPTIONS = options(TIME_UNITS);

type StepProps = {
  step: TStepForm;
  index: number;
  count: number;
  onChange: (step: TStepForm) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
};

/** One step of the workflow editor: type, content per channel, conditions, digest or delay settings. */
export function StepEditor({ step, index, count, onChange, onMove, onRemove }: StepProps) {
  const set = (patch: Partial<TStepForm>) => onChange({ ...step, ...patch });
  const label = `Step ${index + 1}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="workflow-step" aria-label={label} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Badge variant="light" size="lg" radius="sm">
              {index + 1}
            </Badge>
            <Select
              label={`${label} type`}
              data={STEP_TYPES.map((type) => ({ value: type, label: STEP_LABELS[type] }))}
              value={step.type}
              allowDeselect={false}
              w={150}
              onChange={(value) => value && set({ type: value as TStepForm['type'] })}
            />
            <TextInput
              label="Step name"
              placeholder={STEP_LABELS[step.type]}
              value={step.name}
              w={220}
              onChange={(event) => set({ name: event.currentTarget.value })}
            />
            <Switch
              label="Active"
              checked={step.active}
              onChange={(event) => set({ active: event.currentTarget.checked })}
              mb={8}
            />
            {(step.type === 'email' || step.type === 'sms') && (
              <Switch
                label="Fail over"
                description="Next integration when the primary refuses"
                checked={step.failover}
                onChange={(event) => set({ failover: event.currentTarget.checked })}
                mb={8}
              />
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Move up">
              <ActionIcon
                variant="default"
                aria-label={`Move ${label.toLowerCase()} up`}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon
                variant="default"
                aria-label={`Move ${label.toLowerCase()} down`}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove step">
              <ActionIcon
                variant="default"
                color="red"
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={onRemove}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <StepContent step={step} set={set} label={label} />
        {(step.type === 'digest' || step.type === 'delay') && (
          <ScheduleEditor
            type={step.type}
            metadata={step.metadata}
            onChange={(metadata) => set({ metadata })}
          />
        )}
        <ConditionsEditor filters={step.filters} onChange={(filters) => set({ filters })} label={label} />
      </Stack>
    </Paper>
  );
}

function StepContent({
  step,
  set,
  label,
}: {
  step: TStepForm;
  set: (patch: Partial<TStepForm>) => void;
  label: string;
}) {
  const hint =
    'Handlebars: {{title}}, {{payload.x}}, {{subscriber.firstName}}, helpers such as {{uppercase x}}.';
  switch (step.type) {
    case 'in_app':
      return (
        <Stack gap="xs">
          <Textarea
            label={`${label} in-app body`}
            description={hint}
            autosize
            minRows={3}
            value={step.content}
            onChange={(event) => set({ content: event.currentTarget.value })}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Redirect URL (CTA)"
              placeholder="{{url}}"
              value={step.ctaUrl}
              onChange={(event) => set({ ctaUrl: event.currentTarget.value })}
            />
            <TextInput
              label="Feed"
              placeholder="announcements"
              value={step.feedIdentifier}
              onChange={(event) => set({ feedIdentifier: event.currentTarget.value })}
            />
          </Group>
          {step.buttons.map((button, b) => (
            <Group key={positionKey('button', b)} align="flex-end" wrap="nowrap">
              <Select
                label="Button"
                data={[
                  { value: 'primary', label: 'Primary' },
                  { value: 'secondary', label: 'Secondary' },
                ]}
                value={button.type}
                allowDeselect={false}
                w={130}
                onChange={(value) =>
                  set({
                    buttons: step.buttons.map((other, o) =>
                      o === b ? { ...other, type: (value ?? 'primary') as 'primary' | 'secondary' } : other,
                    ),
                  })
                }
              />
              <TextInput
                label="Button label"
                value={button.content}
                style={{ flex: 1 }}
                onChange={(event) => {
                  const content = event.currentTarget.value;
                  set({ buttons: step.buttons.map((other, o) => (o === b ? { ...other, content } : other)) });
                }}
              />
              <TextInput
                label="Button URL"
                value={button.url}
                style={{ flex: 1 }}
                onChange={(event) => {
                  const url = event.currentTarget.value;
                  set({ buttons: step.buttons.map((other, o) => (o === b ? { ...other, url } : other)) });
                }}
              />
              <ActionIcon
                variant="default"
                mb={4}
                aria-label={`Remove button ${b + 1}`}
                onClick={() => set({ buttons: step.buttons.filter((_, o) => o !== b) })}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {step.buttons.length < 2 && (
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                set({
                  buttons: [
                    ...step.buttons,
                    { type: step.buttons.length === 0 ? 'primary' : 'secondary', content: '', url: '' },
                  ],
                })
              }
            >
              Add button
            </Button>
          )}
        </Stack>
      );
    case 'email':
      return (
        <Stack gap="xs">
          <TextInput
            label={`${label} email subject`}
            value={step.subject}
            onChange={(event) => set({ subject: event.currentTarget.value })}
          />
          <SegmentedControl
            aria-label={`${label} email body format`}
            w="fit-content"
            size="xs"
            data={[
              { value: 'blocks', label: 'Blocks' },
              { value: 'html', label: 'HTML' },
            ]}
            value={step.blocks === null ? 'html' : 'blocks'}
            onChange={(value) =>
              set({
                blocks:
                  value === 'html' ? null : [{ type: 'text', content: '', styles: { textAlign: 'left' } }],
              })
            }
          />
          {step.blocks === null ? (
            <Textarea
              label={`${label} email body (HTML)`}
              description={hint}
              autosize
              minRows={4}
              value={step.content}
              onChange={(event) => set({ content: event.currentTarget.value })}
            />
          ) : (
            <EmailBlocksEditor label={label} blocks={step.blocks} onChange={(blocks) => set({ blocks })} />
          )}
        </Stack>
      );
    case 'push':
      return (
        <Stack gap="xs">
          <TextInput
            label={`${label} push title`}
            value={step.subject}
            onChange={(event) => set({ subject: event.currentTarget.value })}
          />
          <Textarea
            label={`${label} push text`}
            autosize
            minRows={2}
            value={step.content}
            onChange={(event) => set({ content: event.currentTarget.value })}
          />
        </Stack>
      );
    case 'sms':
    case 'chat':
      return (
        <Textarea
          label={`${label} ${step.type === 'sms' ? 'SMS' : 'chat'} text`}
          description={hint}
          autosize
          minRows={2}
          value={step.content}
          onChange={(event) => set({ content: event.currentTarget.value })}
        />
      );
    default:
      return null;
  }
}

function AmountUnit({
  label,
  amount,
  unit,
  onChange,
}: {
  label: string;
  amount: number | undefined;
  unit: TStepMetadata['unit'];
  onChange: (amount: number | undefined, unit: TStepMetadata['unit']) => void;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label={`${label} amount`}
        min={0}
        max={100_000}
        allowDecimal={false}
        w={130}
        value={amount ?? ''}
        onChange={(value) => onChange(typeof value === 'number' ? value : undefined, unit)}
      />
      <Select
        label={`${label} unit`}
        data={UNIT_OPTIONS}
        value={unit ?? null}
        w={130}
        onChange={(value) => onChange(amount, (value ?? undefined) as TStepMetadata['unit'])}
      />
    </Group>
  );
}

/** Digest (regular, backoff, timed) and delay settings. */
function ScheduleEditor({
  type,
  metadata,
  onChange,
}: {
  type: 'digest' | 'delay';
  metadata: TStepMetadata;
  onChange: (metadata: TStepMetadata) => void;
}) {
  const set = (patch: Partial<TStepMetadata>) => onChange({ ...metadata, ...patch });
  if (type === 'delay') {
    return (
      <Group gap="md" align="flex-end">
        <AmountUnit
          label="Delay"
          amount={metadata.amount}
          unit={metadata.unit}
          onChange={(amount, unit) => set({ type: 'regular', amount, unit })}
        />
        <TextInput
          label="Or until the date in payload path"
          placeholder="sendAt"
          value={metadata.delayPath ?? ''}
          onChange={(event) => set({ delayPath: event.currentTarget.value || undefined })}
        />
      </Group>
    );
  }
  const digestType = metadata.type === 'scheduled' ? 'timed' : (metadata.type ?? 'regular');
  return (
    <Stack gap="xs">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Digest type"
          data={[
            { value: 'regular', label: 'Regular' },
            { value: 'backoff', label: 'Backoff' },
            { value: 'timed', label: 'Timed' },
          ]}
          value={digestType}
          allowDeselect={false}
          w={140}
          onChange={(value) =>
            set({ type: (value ?? 'regular') as TStepMetadata['type'], backoff: value === 'backoff' })
          }
        />
        {digestType !== 'timed' && (
          <AmountUnit
            label="Digest window"
            amount={metadata.amount}
            unit={metadata.unit}
            onChange={(amount, unit) => set({ amount, unit })}
          />
        )}
        <TextInput
          label="Digest key"
          placeholder="payload.stationId"
          value={metadata.digestKey ?? ''}
          onChange={(event) => set({ digestKey: event.currentTarget.value || undefined })}
        />
      </Group>
      {digestType === 'backoff' && (
        <AmountUnit
          label="Backoff"
          amount={metadata.backoffAmount}
          unit={metadata.backoffUnit}
          onChange={(backoffAmount, backoffUnit) => set({ backoffAmount, backoffUnit })}
        />
      )}
      {digestType === 'timed' && (
        <Group gap="md" align="flex-end" wrap="wrap">
          <AmountUnit
            label="Every"
            amount={metadata.amount}
            unit={metadata.unit}
            onChange={(amount, unit) => set({ amount, unit })}
          />
          <TextInput
            label="At time (HH:mm)"
            placeholder="09:00"
            w={130}
            value={metadata.timed?.atTime ?? ''}
            onChange={(event) => set({ timed: { ...metadata.timed, atTime: event.currentTarget.value } })}
          />
          <MultiSelect
            label="On days"
            data={options(DAY_KINDS)}
            value={metadata.timed?.weekDays ?? []}
            w={300}
            onChange={(value) =>
              set({ timed: { ...metadata.timed, weekDays: value as (typeof DAY_KINDS)[number][] } })
            }
          />
        </Group>
      )}
    </Stack>
  );
}

/** Step conditions: groups joined by AND (every group must match), conditions joined by the group's combinator. */
function ConditionsEditor({
  filters,
  onChange,
  label,
}: {
  filters: TStepFilter[];
  onChange: (filters: TStepFilter[]) => void;
  label: string;
}) {
  const setFilter = (f: number, patch: Partial<TStepFilter>) =>
    onChange(filters.map((filter, other) => (other === f ? { ...filter, ...patch } : filter)));
  const setCondition = (f: number, c: number, patch: Partial<TStepCondition>) =>
    setFilter(f, {
      children: (filters[f]?.children ?? []).map((condition, other) =>
        other === c ? { ...condition, ...patch } : condition,
      ),
    });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Conditions{' '}
        <Text span size="xs" c="dimmed">
          {filters.length === 0 ? '(none: the step always runs)' : '(every group must match)'}
        </Text>
      </Text>
      {filters.map((filter, f) => (
        <Paper
          key={positionKey('filter', f)}
          withBorder
          radius="sm"
          p="xs"
          bg="var(--mantine-color-default-hover)"
          data-testid="condition-group"
        >
          <Stack gap={6}>
            <Group justify="space-between">
              <Group gap="xs">
                <Select
                  aria-label={`${label} group ${f + 1} combinator`}
                  data={options(FILTER_COMBINATORS)}
                  value={filter.value}
                  allowDeselect={false}
                  size="xs"
                  w={90}
                  onChange={(value) => setFilter(f, { value: (value ?? 'AND') as 'AND' | 'OR' })}
                />
                <Switch
                  size="xs"
                  label="Negate"
                  checked={filter.isNegated}
                  onChange={(event) => setFilter(f, { isNegated: event.currentTarget.checked })}
                />
              </Group>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => onChange(filters.filter((_, other) => other !== f))}
              >
                Remove group
              </Button>
            </Group>
            {filter.children.map((condition, c) => (
              <Group key={positionKey(`condition-${f}`, c)} gap={6} wrap="nowrap" align="flex-end">
                <Select
                  aria-label="Source"
                  data={options(FILTER_SOURCES)}
                  value={condition.on}
                  allowDeselect={false}
                  size="xs"
                  w={130}
                  onChange={(value) =>
                    setCondition(f, c, { on: (value ?? 'payload') as TStepCondition['on'] })
                  }
                />
                <TextInput
                  aria-label="Field"
                  placeholder="field"
                  size="xs"
                  style={{ flex: 1 }}
                  value={condition.field}
                  onChange={(event) => setCondition(f, c, { field: event.currentTarget.value })}
                />
                <Select
                  aria-label="Operator"
                  data={options(FILTER_OPERATORS)}
                  value={condition.operator}
                  allowDeselect={false}
                  size="xs"
                  w={150}
                  onChange={(value) =>
                    setCondition(f, c, { operator: (value ?? 'EQUAL') as TStepCondition['operator'] })
                  }
                />
                <TextInput
                  aria-label="Value"
                  placeholder="value (a, b for lists)"
                  size="xs"
                  style={{ flex: 1 }}
                  value={
                    Array.isArray(condition.value) ? condition.value.join(', ') : String(condition.value)
                  }
                  onChange={(event) => setCondition(f, c, { value: event.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Remove condition"
                  onClick={() =>
                    setFilter(f, { children: filter.children.filter((_, other) => other !== c) })
                  }
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Move condition up"
                  disabled={c === 0}
                  onClick={() => setFilter(f, { children: move(filter.children, c, -1) })}
                >
                  <IconArrowUp size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setFilter(f, { children: [...filter.children, newCondition()] })}
            >
              Add condition
            </Button>
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => onChange([...filters, newFilter()])}
      >
        Add condition group
      </Button>
    </Stack>
  );
}
