import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { setSystemColorScheme } from '../../test/media';
import { createThemePreferenceManager, readThemePreference, resolveScheme } from './color-scheme';
import { useMapStyle } from './map-style';
import { ThemeControl } from './theme-control';
import { ThemeSync } from './theme-sync';

function MapStyleProbe() {
  return <output aria-label="map style">{useMapStyle()}</output>;
}

/** The theme pieces of the app shell, on their own. */
function renderThemeControls() {
  const user = userEvent.setup();
  render(
    <MantineProvider colorSchemeManager={createThemePreferenceManager()} defaultColorScheme="auto" env="test">
      <ThemeSync />
      <ThemeControl />
      <MapStyleProbe />
    </MantineProvider>,
  );
  const choose = async (label: string) => {
    await user.click(screen.getByTestId('theme-toggle'));
    await user.click(await screen.findByRole('menuitemradio', { name: label }));
  };
  return { user, choose };
}

const stored = () => window.localStorage.getItem(STORAGE_KEYS.theme);
const bodyTheme = () => document.body.getAttribute('data-theme');
const mapStyle = () => screen.getByLabelText('map style').textContent;

describe('theme preference storage', () => {
  it('reads system, light or dark and treats anything else as system', () => {
    expect(readThemePreference()).toBe('system');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    expect(readThemePreference()).toBe('dark');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'auto');
    expect(readThemePreference()).toBe('system');
  });

  it("stores Mantine's `auto` as `system`, and reads it back", () => {
    const manager = createThemePreferenceManager();
    manager.set('auto');
    expect(stored()).toBe('system');
    expect(manager.get('light')).toBe('auto');
    manager.set('dark');
    expect(stored()).toBe('dark');
    expect(manager.get('light')).toBe('dark');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    expect(manager.get('auto')).toBe('auto');
  });

  it('resolves system against the device scheme', () => {
    expect(resolveScheme('system', true)).toBe('dark');
    expect(resolveScheme('system', false)).toBe('light');
    expect(resolveScheme('light', true)).toBe('light');
  });
});

describe('theme control and body attribute', () => {
  it('follows the device by default', async () => {
    setSystemColorScheme('dark');
    renderThemeControls();
    await waitFor(() => expect(bodyTheme()).toBe('dark'));
    expect(mapStyle()).toBe('forecourt-dark');
    expect(screen.getByRole('button', { name: 'Theme' })).toBeTruthy();
  });

  it('switches, stores the choice and keeps body, Mantine and map style in step', async () => {
    setSystemColorScheme('light');
    const { choose } = renderThemeControls();
    await waitFor(() => expect(bodyTheme()).toBe('light'));

    await choose('Dark');
    await waitFor(() => expect(bodyTheme()).toBe('dark'));
    expect(stored()).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    // The map follows the theme unless the user picked a map style of its own.
    expect(window.localStorage.getItem(STORAGE_KEYS.mapStyle)).toBeNull();
    expect(mapStyle()).toBe('forecourt-dark');

    await choose('System');
    await waitFor(() => expect(bodyTheme()).toBe('light'));
    expect(stored()).toBe('system');
    expect(mapStyle()).toBe('forecourt-light');

    // With `system`, the body follows the device when it switches.
    act(() => setSystemColorScheme('dark'));
    await waitFor(() => expect(bodyTheme()).toBe('dark'));
    await waitFor(() => expect(mapStyle()).toBe('forecourt-dark'));
  });

  it('keeps a map style chosen apart from the theme, across a reload', async () => {
    setSystemColorScheme('light');
    const first = renderThemeControls();
    await waitFor(() => expect(mapStyle()).toBe('forecourt-light'));
    await first.choose('Dark map');
    expect(window.localStorage.getItem(STORAGE_KEYS.mapStyle)).toBe('forecourt-dark');
    await waitFor(() => expect(mapStyle()).toBe('forecourt-dark'));
    await first.choose('Light');
    await waitFor(() => expect(bodyTheme()).toBe('light'));
    expect(mapStyle()).toBe('forecourt-dark');
    cleanup();

    // A reload: a new app on the same storage.
    const second = renderThemeControls();
    await waitFor(() => expect(mapStyle()).toBe('forecourt-dark'));
    await second.choose('Follow theme');
    await waitFor(() => expect(mapStyle()).toBe('forecourt-light'));
    expect(window.localStorage.getItem(STORAGE_KEYS.mapStyle)).toBe('theme');
  });

  it('applies a stored choice over the device scheme at start', async () => {
    setSystemColorScheme('dark');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    renderThemeControls();
    await waitFor(() => expect(bodyTheme()).toBe('light'));
    expect(screen.getByRole('button', { name: 'Theme' }).getAttribute('title')).toBe('Theme: light');
  });
});
