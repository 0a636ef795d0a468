import { Button, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconFilter } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import classes from './filter-disclosure.module.css';

/**
 * A list's filters. On wider screens they are always shown; on phones they fold behind a
 * "Filters" button (with the number set), so the list itself starts on the first screen.
 */
export function FilterDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack gap="sm">
      <Button
        hiddenFrom="sm"
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
        }
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        data-testid="filters-toggle"
        style={{ alignSelf: 'flex-start' }}
      >
        {active ? `Filters (${active})` : 'Filters'}
      </Button>
      <div id={id} className={classes.filters} data-collapsed={!open || undefined}>
        {children}
      </div>
    </Stack>
  );
}
