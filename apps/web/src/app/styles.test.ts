import { describe, expect, it } from 'vitest';
import stylesSource from './styles.ts?raw';

/**
 * Tests run without CSS, so a Mantine component whose stylesheet is missing from styles.ts would
 * only show up unstyled in the browser. This compares the components the app imports with the
 * stylesheets it loads.
 */
const sources = import.meta.glob(['../**/*.tsx', '!../**/*.test.tsx', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Components without a stylesheet of their own, and what they are built from. */
const BUILT_FROM: Record<string, string[]> = {
  MantineProvider: [],
  Box: [],
  MultiSelect: ['Combobox', 'Pill', 'PillsInput', 'Input', 'Popover', 'CloseButton', 'ScrollArea'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  Button: ['Button', 'UnstyledButton', 'Loader'],
  ActionIcon: ['ActionIcon', 'UnstyledButton', 'Loader'],
  Menu: ['Menu', 'Popover', 'UnstyledButton'],
  NavLink: ['NavLink', 'UnstyledButton'],
  Burger: ['Burger', 'UnstyledButton'],
  Anchor: ['Anchor', 'Text'],
  Alert: ['Alert', 'CloseButton'],
  Table: ['Table', 'ScrollArea'],
  Modal: ['Modal', 'ModalBase', 'Overlay', 'CloseButton'],
  PasswordInput: ['PasswordInput', 'Input', 'ActionIcon'],
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  Avatar: ['Avatar'],
  SegmentedControl: ['SegmentedControl'],
  CopyButton: [],
};

function mantineComponents(): Set<string> {
  const names = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const match of source.matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim();
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine stylesheets', () => {
  it('loads the stylesheet of every Mantine component the app uses', () => {
    const loaded = new Set([...stylesSource.matchAll(/styles\/(\w+)\.css/g)].map((match) => match[1]));
    const used = mantineComponents();
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].flatMap((name) =>
      (BUILT_FROM[name] ?? [name]).filter((sheet) => !loaded.has(sheet)),
    );
    expect(missing).toEqual([]);
  });

  it('loads what a component is built from before the component itself', () => {
    const order = [...stylesSource.matchAll(/styles\/(\w+)\.css/g)].map((match) => match[1]);
    const late = Object.entries(BUILT_FROM).flatMap(([name, parts]) =>
      order.includes(name)
        ? parts
            .filter((part) => part !== name && order.indexOf(part) > order.indexOf(name))
            .map((part) => `${part} after ${name}`)
        : [],
    );
    expect(late).toEqual([]);
  });
});
