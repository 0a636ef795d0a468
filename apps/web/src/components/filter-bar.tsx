import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FilterDisclosure } from './filter-disclosure';

/** Pause after typing before a text filter is applied. */
export const FILTER_DEBOUNCE_MS = 300;

type TOption = { value: string; label: string };

/**
 * One filter of a list, by the address-bar key it writes:
 * - `text`: a search box (applied after a pause, or at once on Enter);
 * - `multi`: any of several values (a multi-select; none chosen is "any");
 * - `boolean`: yes / no / any.
 */
export type TFilterField =
  | {
      kind: 'text';
      key: string;
      label: string;
      placeholder: string;
      maxLength?: number;
      /** Registrations: what is typed is shown and sent in capitals. */
      upperCase?: boolean;
    }
  | { kind: 'multi'; key: string; label: string; placeholder: string; options: readonly TOption[] }
  | { kind: 'boolean'; key: string; label: string; anyLabel: string; trueLabel: string; falseLabel: string };

export type TFilterValues = Record<string, unknown>;
export type TFilterPatch = Record<string, string | string[] | boolean | undefined>;

function isSet(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
}

/** Whether any of `fields` is set in `values`. */
export function hasFilters(fields: readonly TFilterField[], values: TFilterValues): boolean {
  return fields.some((field) => isSet(values[field.key]));
}

/** How many of `fields` are set in `values`. */
export function activeFilterCount(fields: readonly TFilterField[], values: TFilterValues): number {
  return fields.filter((field) => isSet(values[field.key])).length;
}

/** Every filter of `fields` unset: the patch of "Clear filters". */
export function clearedFilters(fields: readonly TFilterField[]): TFilterPatch {
  return Object.fromEntries(fields.map((field) => [field.key, undefined]));
}

/** Two selects per row on phones, a fixed width on wider screens. */
const SELECT_WIDTH = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 190 };

/**
 * The filters row above a list. Values come from the address bar; changes are reported through
 * `onChange` (text boxes with `replace`, so typing does not fill the history). On phones the row
 * folds behind a "Filters" button (with the number set) so the list starts on the first screen.
 */
export function FilterBar({
  fields,
  values,
  onChange,
}: {
  fields: readonly TFilterField[];
  values: TFilterValues;
  onChange: (patch: TFilterPatch, options?: { replace?: boolean }) => void;
}) {
  // Bumped by "Clear filters", so text boxes drop what is typed but not yet applied.
  const [generation, setGeneration] = useState(0);
  return (
    <FilterDisclosure active={activeFilterCount(fields, values)}>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filters">
        {fields.map((field) => {
          const value = values[field.key];
          switch (field.kind) {
            case 'text':
              return (
                <TextFilter
                  key={`${field.key}-${generation}`}
                  field={field}
                  value={typeof value === 'string' ? value : undefined}
                  onChange={(next) => onChange({ [field.key]: next }, { replace: true })}
                />
              );
            case 'multi': {
              const selected = Array.isArray(value) ? (value as string[]) : [];
              return (
                <MultiSelect
                  key={field.key}
                  label={field.label}
                  placeholder={selected.length ? undefined : field.placeholder}
                  data={field.options as TOption[]}
                  value={selected}
                  onChange={(next) => onChange({ [field.key]: next.length ? next : undefined })}
                  clearable
                  w={SELECT_WIDTH}
                />
              );
            }
            case 'boolean':
              return (
                <Select
                  key={field.key}
                  label={field.label}
                  data={[
                    { value: 'any', label: field.anyLabel },
                    { value: 'true', label: field.trueLabel },
                    { value: 'false', label: field.falseLabel },
                  ]}
                  value={value === true ? 'true' : value === false ? 'false' : 'any'}
                  onChange={(next) =>
                    onChange({ [field.key]: next === 'true' ? true : next === 'false' ? false : undefined })
                  }
                  allowDeselect={false}
                  w={SELECT_WIDTH}
                />
              );
            default:
              return null;
          }
        })}
        {hasFilters(fields, values) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => {
              setGeneration((count) => count + 1);
              onChange(clearedFilters(fields));
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </FilterDisclosure>
  );
}

function TextFilter({
  field,
  value,
  onChange,
}: {
  field: Extract<TFilterField, { kind: 'text' }>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const submit = useDebouncedCallback(
    (next: string) => onChange(next.trim() || undefined),
    FILTER_DEBOUNCE_MS,
  );

  // The address changed from elsewhere (the back button): show its value, unless what is typed
  // differs from it only by the surrounding spaces the address does not keep.
  useEffect(() => {
    setText((typed) => (typed.trim() === (value ?? '') ? typed : (value ?? '')));
  }, [value]);

  return (
    <TextInput
      type="search"
      label={field.label}
      placeholder={field.placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={field.maxLength}
      onChange={(event) => {
        const next = field.upperCase ? event.currentTarget.value.toUpperCase() : event.currentTarget.value;
        setText(next);
        submit(next);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') submit.flush();
      }}
      w={{ base: '100%', sm: 240 }}
    />
  );
}
