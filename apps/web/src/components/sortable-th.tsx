import { Group, Table, type TableThProps, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './sortable-th.module.css';

export type TSortState = 'ascending' | 'descending' | 'none';

/** A column header that sorts the list when clicked; `aria-sort` tells assistive tech the state. */
export function SortableTh({
  children,
  sorted,
  onSort,
  ...props
}: TableThProps & { children: ReactNode; sorted: TSortState; onSort: () => void }) {
  const Icon =
    sorted === 'ascending' ? IconChevronUp : sorted === 'descending' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={sorted} {...props}>
      <UnstyledButton
        onClick={onSort}
        className={classes.button}
        data-sorted={sorted !== 'none' || undefined}
      >
        <Group gap={4} wrap="nowrap" justify="space-between">
          <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
          <Icon size={14} stroke={1.8} aria-hidden className={classes.icon} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
