import { afterEach, describe, expect, it } from 'vitest';
import { printInLight } from './print-in-light';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('printInLight', () => {
  it('prints in the light scheme and gives the screen its own back afterwards', () => {
    const root = document.documentElement;
    root.setAttribute('data-mantine-color-scheme', 'dark');
    stop = printInLight();
    window.dispatchEvent(new Event('beforeprint'));
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    window.dispatchEvent(new Event('afterprint'));
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });

  it('stops listening when stopped', () => {
    const root = document.documentElement;
    root.setAttribute('data-mantine-color-scheme', 'dark');
    printInLight()();
    window.dispatchEvent(new Event('beforeprint'));
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });
});
