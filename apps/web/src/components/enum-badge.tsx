import { Badge } from '@mantine/core';

/** A value of an enum as a small badge, with a feature's label and colour tables. */
export function EnumBadge<T extends string>({
  value,
  labels,
  colors,
  variant = 'light',
}: {
  value: T;
  labels: Record<T, string>;
  colors: Record<T, string>;
  variant?: 'light' | 'dot' | 'outline';
}) {
  return (
    <Badge variant={variant} color={colors[value]} size="sm" tt="none" fw={600} style={{ flexShrink: 0 }}>
      {labels[value]}
    </Badge>
  );
}
