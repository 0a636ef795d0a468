import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { expectCleanNetwork, waitForMap, watchNetwork } from '../fixtures/map';
import { SCREENSHOT_DIR, saveScreenshot } from '../fixtures/screenshots';

/**
 * The offline basemap's vector tiles (apps/web/scripts/build-basemap.mjs): at country zoom the
 * cities are named, at city zoom around a seeded station the towns and villages are, all from the
 * app's own server (tiles answered 200, or 204 where a tile holds nothing).
 */
type TMapHandle = {
  jumpTo(options: { center?: [number, number]; zoom: number }): void;
  once(event: 'idle', listener: () => void): void;
  getPaintProperty(layer: string, property: string): unknown;
  queryRenderedFeatures(options: { layers: string[] }): { properties: { name?: string } }[];
};
type TMapElement = HTMLElement & { maplibreMap: TMapHandle };

const PLACE_LAYERS = ['place-labels-city', 'place-labels-town', 'place-labels-village'];

/** Moves the map (as the zoom buttons would) and waits until it has loaded and drawn the new view. */
async function zoomTo(map: Locator, zoom: number, center?: [number, number]) {
  await map.evaluate(
    (element, camera) =>
      new Promise<void>((resolve) => {
        const instance = (element as TMapElement).maplibreMap;
        instance.once('idle', () => resolve());
        instance.jumpTo(camera);
      }),
    center ? { zoom, center } : { zoom },
  );
}

/** Names of the places the map shows, read from what MapLibre drew. */
async function placeNames(map: Locator): Promise<string[]> {
  return map.evaluate((element, layers) => {
    const features = (element as TMapElement).maplibreMap.queryRenderedFeatures({ layers });
    return [...new Set(features.map((feature) => feature.properties.name ?? ''))].filter(Boolean);
  }, PLACE_LAYERS);
}

function watchTiles(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/basemap/tiles/')) statuses.push(response.status());
  });
  return statuses;
}

const CASES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test.describe('the offline basemap', () => {
  test.use({ actor: 'admin' });
  test.setTimeout(180_000);

  for (const { name, viewport } of CASES) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`names places at country and city zoom from local tiles (${name}, ${scheme})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        const network = watchNetwork(page);
        const tiles = watchTiles(page);

        // Country zoom on the station map: the large cities are named.
        await page.goto('/stations?view=map');
        const map = page.getByTestId('station-map');
        await waitForMap(map);
        expect(
          await map.evaluate((element) =>
            (element as TMapElement).maplibreMap.getPaintProperty('water', 'background-color'),
          ),
        ).toBe(scheme === 'dark' ? '#0e1822' : '#d5e4ef');
        await zoomTo(map, 5, [78.5, 21]);
        await expect
          .poll(() => placeNames(map), { message: 'cities named at country zoom', timeout: 20_000 })
          .toEqual(expect.arrayContaining(['Nagpur']));
        await saveScreenshot(page, `basemap-country-${name}-${scheme}`);

        // City zoom on a seeded station's overview: the places around it are named.
        await page.goto('/stations');
        await page.getByTestId('station-row').first().getByRole('link').first().click();
        // The location map loads once it is on screen: bring its card into view first.
        await page.getByRole('heading', { name: 'Location', exact: true }).scrollIntoViewIfNeeded();
        const locationMap = page.getByTestId('station-location-map');
        await locationMap.scrollIntoViewIfNeeded();
        await waitForMap(locationMap);
        await zoomTo(locationMap, 11);
        await expect
          .poll(async () => (await placeNames(locationMap)).length, {
            message: 'places named at city zoom',
            timeout: 20_000,
          })
          .toBeGreaterThan(0);
        await saveScreenshot(page, `basemap-city-${name}-${scheme}`);
        // The map alone, to look at the labels (and roads, on a tileset built with them).
        await locationMap.screenshot({
          path: join(SCREENSHOT_DIR, `basemap-city-map-${name}-${scheme}.png`),
        });

        expect(tiles.filter((status) => status === 200).length, 'tiles loaded').toBeGreaterThan(0);
        expect(tiles.every((status) => status === 200 || status === 204 || status === 304)).toBe(true);
        expectCleanNetwork(network);
      });
    }
  }
});
