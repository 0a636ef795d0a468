import { SALES_COMPARISONS, type TSalesComparisonKind } from '@forecourt/contracts';
import { Select } from '@mantine/core';
import { COMPARISON_WORDS } from '../sales-comparison';

const NONE = 'none';
const OPTIONS = [
  { value: NONE, label: 'None' },
  ...SALES_COMPARISONS.map((kind) => ({ value: kind, label: COMPARISON_WORDS[kind].option })),
];

/** "Compare with": none, the previous period, the same period last week or last year. */
export function CompareControl({
  value,
  onChange,
}: {
  value: TSalesComparisonKind | undefined;
  onChange: (value: TSalesComparisonKind | undefined) => void;
}) {
  return (
    <Select
      label="Compare with"
      data={OPTIONS}
      value={value ?? NONE}
      onChange={(next) => onChange(next && next !== NONE ? (next as TSalesComparisonKind) : undefined)}
      allowDeselect={false}
      w={{ base: '100%', xs: 220 }}
      data-testid="compare-with"
    />
  );
}
