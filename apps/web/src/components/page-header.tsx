import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Page title row: the heading, an optional one-line description and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  before,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown above the title, e.g. breadcrumbs. */
  before?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      {before}
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
