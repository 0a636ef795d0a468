import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapOnScreen } from './map-on-screen';

/** A stand-in IntersectionObserver the test moves by hand (jsdom has none). */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The observed place comes into view (or not). */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const renderMap = () =>
  render(
    <MantineProvider env="test">
      <MapOnScreen height={280}>
        <div data-testid="the-map" />
      </MapOnScreen>
    </MantineProvider>,
  );

describe('a map loads only when it is on screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.all = [];
  });

  it('holds its place until it scrolls into view, then renders the map', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderMap();
    expect(screen.queryByTestId('the-map')).toBeNull();
    expect(screen.getByTestId('map-waiting')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading the map');

    const observer = FakeObserver.all.at(-1);
    act(() => observer?.report(false));
    expect(screen.queryByTestId('the-map')).toBeNull();

    act(() => observer?.report(true));
    expect(screen.getByTestId('the-map')).toBeTruthy();
    expect(screen.queryByTestId('map-waiting')).toBeNull();
    expect(observer?.disconnected).toBe(true);
  });

  it('renders the map at once where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderMap();
    expect(screen.getByTestId('the-map')).toBeTruthy();
  });
});
