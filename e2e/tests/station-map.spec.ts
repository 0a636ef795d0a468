import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { expectCleanNetwork, waitForMap, watchNetwork } from '../fixtures/map';
import { saveScreenshot } from '../fixtures/screenshots';

/** A map loads only once it is on screen: bring the overview's location card into view. */
async function scrollToLocationMap(page: Page) {
  await page.getByRole('heading', { name: 'Location', exact: true }).scrollIntoViewIfNeeded();
}

/** The few MapLibre methods the scenarios call (the e2e workspace does not depend on maplibre-gl). */
type TMapHandle = {
  getZoom(): number;
  getPaintProperty(layer: string, property: string): unknown;
  queryRenderedFeatures(options: {
    layers: string[];
  }): { geometry: { type: string; coordinates: unknown } }[];
  project(lngLat: [number, number]): { x: number; y: number };
};
type TMapElement = HTMLElement & { maplibreMap: TMapHandle };

type TMapProbe = { zoom: number; background: unknown; clusters: number; points: number };

/** Reads the live map's camera and what it draws, through the instance the app hangs on its element. */
async function probe(map: Locator): Promise<TMapProbe> {
  return map.evaluate((element) => {
    const instance = (element as TMapElement).maplibreMap;
    return {
      zoom: instance.getZoom(),
      background: instance.getPaintProperty('water', 'background-color'),
      clusters: instance.queryRenderedFeatures({ layers: ['station-clusters'] }).length,
      points: instance.queryRenderedFeatures({ layers: ['station-points'] }).length,
    };
  });
}

/** Where on the page the first rendered feature of a layer is (the middle of its circle). */
async function featurePosition(map: Locator, layer: string): Promise<{ x: number; y: number } | null> {
  const box = await map.boundingBox();
  const point = await map.evaluate((element, layerId) => {
    const instance = (element as TMapElement).maplibreMap;
    const { width, height } = element.getBoundingClientRect();
    // Stay clear of the edges, where controls and the legend sit over the map.
    const inside = ({ x, y }: { x: number; y: number }) =>
      x > 60 && y > 60 && x < width - 60 && y < height - 60;
    for (const feature of instance.queryRenderedFeatures({ layers: [layerId] })) {
      if (feature.geometry.type !== 'Point') continue;
      const projected = instance.project(feature.geometry.coordinates as [number, number]);
      if (inside(projected)) return { x: projected.x, y: projected.y };
    }
    return null;
  }, layer);
  return point && box ? { x: box.x + point.x, y: box.y + point.y } : null;
}

test.describe('the station map', () => {
  test.use({ actor: 'admin' });
  test.setTimeout(120_000);

  test('draws the filtered stations offline, zooms into a cluster and opens a station', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const network = watchNetwork(page);
    await page.goto('/stations?view=map');

    const map = page.getByTestId('station-map');
    await waitForMap(map);
    await expect(page.getByRole('radio', { name: 'Map' })).toBeChecked();
    await expect(map).toHaveAttribute('aria-label', /^Map of \d+ stations$/);
    const before = await probe(map);
    expect(before.clusters + before.points, 'stations drawn').toBeGreaterThan(0);
    expect(before.background).toBe('#d5e4ef');
    await saveScreenshot(page, 'station-map-light');

    // A cluster zooms in; otherwise (all stations apart already) go straight to a station.
    const cluster = await featurePosition(map, 'station-clusters');
    if (cluster) {
      await page.mouse.click(cluster.x, cluster.y);
      await expect
        .poll(async () => (await probe(map)).zoom, { timeout: 10_000 })
        .toBeGreaterThan(before.zoom);
      await waitForMap(map);
    }

    // Zoom further until single stations show, then open one.
    let station = await featurePosition(map, 'station-points');
    for (let attempt = 0; !station && attempt < 4; attempt += 1) {
      const next = await featurePosition(map, 'station-clusters');
      if (!next) break;
      const zoom = (await probe(map)).zoom;
      await page.mouse.click(next.x, next.y);
      await expect.poll(async () => (await probe(map)).zoom, { timeout: 10_000 }).toBeGreaterThan(zoom);
      await waitForMap(map);
      station = await featurePosition(map, 'station-points');
    }
    expect(station, 'a single station on screen').not.toBeNull();
    if (!station) return;
    await page.mouse.click(station.x, station.y);
    const popup = page.getByTestId('station-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toBeFocused();
    const name = (await popup.getByRole('heading').textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await saveScreenshot(page, 'station-map-popup');

    // The link navigates inside the app (no reload): a marker on window survives.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await popup.getByRole('link', { name: 'Open station' }).click();
    await expect(page).toHaveURL(/\/stations\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    expect(
      await page.evaluate(() => (window as Window & { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);

    // The overview's location map with its pin (it loads once scrolled into view).
    await scrollToLocationMap(page);
    const locationMap = page.getByTestId('station-location-map');
    await waitForMap(locationMap);
    await expect(page.getByTestId('station-location-marker')).toBeVisible();
    await expect(page.getByRole('link', { name: /directions/i })).toHaveAttribute(
      'href',
      /travelmode=driving/,
    );
    await saveScreenshot(page, 'station-location-light');

    // Leaving the page takes the map down cleanly (no error on unmount).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stations', exact: true })
      .click();
    await expect(page.getByTestId('station-row').first()).toBeVisible();
    expectCleanNetwork(network);
  });

  test('follows the theme on the live map, in dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const network = watchNetwork(page);
    await page.goto('/stations?view=map');
    const map = page.getByTestId('station-map');
    await waitForMap(map);
    expect((await probe(map)).background).toBe('#d5e4ef');

    await page.getByTestId('theme-toggle').click();
    await page
      .getByRole('menuitemradio', { name: /dark/i })
      .or(page.getByRole('radio', { name: /dark/i }))
      .first()
      .click();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(async () => (await probe(map)).background).toBe('#0e1822');
    await waitForMap(map);
    const dark = await probe(map);
    expect(dark.clusters + dark.points, 'stations still drawn after the restyle').toBeGreaterThan(0);
    await saveScreenshot(page, 'station-map-dark');

    // The popup follows the theme too.
    const station = await featurePosition(map, 'station-points');
    if (station) {
      await page.mouse.click(station.x, station.y);
      await expect(page.getByTestId('station-popup')).toBeVisible();
      await saveScreenshot(page, 'station-map-popup-dark');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('station-popup')).toBeHidden();
    }

    await page.goto(`/stations/${await firstStationSlug(page)}`);
    await scrollToLocationMap(page);
    const locationMap = page.getByTestId('station-location-map');
    await waitForMap(locationMap);
    await saveScreenshot(page, 'station-location-dark');

    expectCleanNetwork(network);
  });

  test('keeps the list filters, switches views in the URL and shows an empty map', async ({ page }) => {
    const network = watchNetwork(page);
    await page.goto('/stations?status=operational');
    await expect(page.getByTestId('station-row').first()).toBeVisible();

    await page.getByTestId('station-view').locator('label', { hasText: 'Map' }).click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page).toHaveURL(/status=operational/);
    const map = page.getByTestId('station-map');
    await waitForMap(map);
    const filtered = Number((await map.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    expect(filtered).toBeGreaterThan(0);

    await page.getByTestId('station-view').locator('label', { hasText: 'List' }).click();
    await expect(page).not.toHaveURL(/view=map/);
    await expect(page.getByTestId('station-row').first()).toBeVisible();

    await page.goto('/stations?view=map&q=zzzz-no-such-station');
    await waitForMap(map);
    await expect(map).toHaveAttribute('aria-label', 'Map of 0 stations');
    await expect(page.getByText('No stations match these filters')).toBeVisible();
    await saveScreenshot(page, 'station-map-empty');

    expectCleanNetwork(network);
  });
});

async function firstStationSlug(page: Page): Promise<string> {
  await page.goto('/stations');
  const href = await page.getByTestId('station-row').first().getByRole('link').first().getAttribute('href');
  return href?.split('/').pop() ?? '';
}
