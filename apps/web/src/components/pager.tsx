import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatNumber } from '../lib/format';

/**
 * "Page 2 of 7" with previous/next buttons and the total. `page` counts from 0 as the API does;
 * people see it from 1. `approximate` marks a capped count ("10,000+").
 */
export function Pager({
  page,
  pages,
  count,
  approximate,
  noun,
  onPageChange,
  disabled,
}: {
  page: number;
  pages: number;
  count: number;
  approximate?: boolean;
  noun: { one: string; other: string };
  onPageChange: (page: number) => void;
  disabled?: boolean;
}) {
  const lastPage = Math.max(pages - 1, 0);
  const total = `${formatNumber(count)}${approximate ? '+' : ''} ${count === 1 && !approximate ? noun.one : noun.other}`;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {total}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          onClick={() => onPageChange(page - 1)}
          disabled={disabled || page <= 0}
        >
          Previous
        </Button>
        <Text size="sm" aria-live="polite" miw={96} ta="center">
          Page {formatNumber(page + 1)} of {formatNumber(Math.max(pages, 1))}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          onClick={() => onPageChange(page + 1)}
          disabled={disabled || page >= lastPage}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
