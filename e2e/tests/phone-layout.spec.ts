import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { readCsvDownload } from '../fixtures/csv';
import { firstStationPath, type TScheme, useScheme, waitForSettled } from '../fixtures/pages';
import { saveScreenshot } from '../fixtures/screenshots';

/** The smallest tap target a finger hits reliably. */
const MIN_TARGET = 44;
const PHONE = { width: 390, height: 844 };

type TPhonePage = { name: string; path: (page: Page) => Promise<string>; row: string; key: string[] };

const PAGES: TPhonePage[] = [
  { name: 'command', path: async () => '/command', row: 'top-stations-row', key: [] },
  { name: 'stations', path: async () => '/stations', row: 'station-row', key: ['Status'] },
  {
    name: 'station-transactions',
    path: async (page) => `${await firstStationPath(page)}/transactions`,
    row: 'transactions-row',
    key: ['Amount', 'Status'],
  },
  { name: 'incidents', path: async () => '/incidents', row: 'incidents-row', key: ['Severity', 'Status'] },
  { name: 'settings-members', path: async () => '/settings/members', row: 'member-row', key: ['Role'] },
];

/** Controls a finger uses on the page: buttons, fields, the station's sections. */
function mainControls(page: Page): Locator {
  return page.locator(
    [
      'header button:visible',
      'main button:visible',
      'main input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):visible',
      '[data-testid="station-nav"] a:visible',
    ].join(', '),
  );
}

/** Each control smaller than the minimum, described so a failure names it. */
async function smallTargets(page: Page): Promise<string[]> {
  const controls = mainControls(page);
  const small: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (!box || box.width === 0) continue;
    if (box.height < MIN_TARGET - 0.5 || box.width < MIN_TARGET - 0.5) {
      const name = await control.evaluate(
        (element) =>
          element.getAttribute('aria-label') ||
          element.textContent?.trim() ||
          element.getAttribute('placeholder') ||
          element.outerHTML.slice(0, 80),
      );
      small.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
  }
  return small;
}

/** Serious and critical axe findings (WCAG 2 A and AA), each named by its rule and first node. */
async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

for (const scheme of ['light', 'dark'] as TScheme[]) {
  test.describe(`phones (${scheme})`, () => {
    test.use({ actor: 'admin', viewport: PHONE });

    for (const target of PAGES) {
      test(`${target.name}: fits the screen, key columns in view, 44 px targets, axe`, async ({ page }) => {
        // A page, every control measured and axe: generous on a busy machine.
        test.setTimeout(90_000);
        await useScheme(page, scheme);
        await page.goto(await target.path(page));
        await expect(page.getByTestId(target.row).first()).toBeVisible({ timeout: 20_000 });
        await waitForSettled(page);

        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, 'document width').toBeLessThanOrEqual(PHONE.width);

        const first = page.getByTestId(target.row).first();
        for (const label of target.key) {
          const cell = first.locator(`td[data-label="${label}"]`);
          await expect(cell, `${label} of the first row`).toBeVisible();
          const box = await cell.boundingBox();
          expect(box, `${label} box`).not.toBeNull();
          expect((box?.x ?? 0) + (box?.width ?? 0), `${label} ends inside the screen`).toBeLessThanOrEqual(
            PHONE.width,
          );
        }

        expect(await smallTargets(page), 'controls under 44 px').toEqual([]);

        // The cards' column names and the sort buttons are readable too (axe, WCAG 2 A and AA).
        expect(await seriousAxe(page), 'serious axe violations on a phone').toEqual([]);
        await saveScreenshot(page, `phone-${target.name}-${scheme}`);
      });
    }
  });
}

test.describe('phones: filters', () => {
  test.use({ actor: 'admin', viewport: PHONE });

  test('the filters fold behind a button that says how many are set', async ({ page }) => {
    await page.goto(`${await firstStationPath(page)}/transactions`);
    await expect(page.getByTestId('transactions-row').first()).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('search', { name: 'Filters' })).toBeHidden();
    // The list starts on the first screen.
    await expect(page.getByTestId('transactions-row').first()).toBeInViewport();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const registration = page.getByRole('searchbox', { name: 'Registration' });
    await registration.fill('DL');
    await expect(page).toHaveURL(/registration=DL/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  });
});

/** Windowed screens: their controls, then the first figure a person came for. */
const CONTROL_PAGES: { name: string; path: (page: Page) => Promise<string>; figure: string }[] = [
  { name: 'command', path: async () => '/command', figure: '[data-testid="kpi-revenue"]' },
  {
    name: 'station-metrics',
    path: async (page) => `${await firstStationPath(page)}/metrics`,
    figure: '[data-testid^="volume-"]',
  },
  {
    name: 'station-transactions',
    path: async (page) => `${await firstStationPath(page)}/transactions`,
    figure: '[data-testid="transactions-row"]',
  },
];

test.describe('phones: page controls', () => {
  test.use({ actor: 'admin', viewport: PHONE });

  for (const target of CONTROL_PAGES) {
    test(`${target.name}: the time window sits on one row and the first screen shows figures`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto(await target.path(page));
      const figure = page.locator(target.figure).first();
      await expect(figure).toBeVisible({ timeout: 20_000 });
      await waitForSettled(page);

      // Step back, the window, custom range, step forward and Live: one row, none hidden.
      const window = page.getByRole('group', { name: 'Time window' });
      const controls = [
        window.getByRole('button', { name: 'Previous window' }),
        window.getByTestId('time-window-button'),
        window.getByRole('button', { name: 'Custom range…' }),
        window.getByRole('button', { name: 'Next window' }),
        window.getByRole('switch', { name: 'Live' }),
      ];
      const boxes = [];
      for (const control of controls) {
        await expect(control).toBeVisible();
        boxes.push(await control.boundingBox());
      }
      const tops = boxes.map((box) => Math.round(box?.y ?? -1));
      const first = boxes[0];
      for (const [index, box] of boxes.entries()) {
        expect(box, `control ${index}`).not.toBeNull();
        // Every control overlaps the first one's line (the switch is shorter than the buttons).
        expect((box?.y ?? 0) + (box?.height ?? 0), `control ${index} of ${tops}`).toBeGreaterThan(
          first?.y ?? 0,
        );
        expect(box?.y ?? 0, `control ${index} of ${tops}`).toBeLessThan(
          (first?.y ?? 0) + (first?.height ?? 0),
        );
        expect(
          (box?.x ?? 0) + (box?.width ?? 0),
          `control ${index} ends inside the screen`,
        ).toBeLessThanOrEqual(PHONE.width);
      }
      // The window's name is whole: the button is as wide as its text needs (it wraps, never cuts).
      const label = window.getByTestId('time-window-button').locator('.mantine-Button-label');
      const fits = await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
      expect(fits, 'the window name is not cut').toBe(true);

      // The refresh button sits with the other actions, above the window (no line of its own below it).
      const refresh = await page
        .getByRole('button', { name: /^Refresh/ })
        .first()
        .boundingBox();
      expect((refresh?.y ?? 0) + (refresh?.height ?? 0), 'refresh above the window').toBeLessThanOrEqual(
        (first?.y ?? 0) + 1,
      );

      await expect(figure, 'the first figure on the first screen').toBeInViewport();
      await saveScreenshot(page, `phone-controls-${target.name}`);
    });
  }
});

/** The first card of the station list starts this high on a phone (three rows of actions put it at ~510 px). */
const FIRST_STATION_TOP = 420;

test.describe('phones: the station list header', () => {
  test.use({ actor: 'admin', viewport: PHONE });

  test('the actions take one row under the title and the first station is higher up', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/stations');
    const first = page.getByTestId('station-row').first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    await waitForSettled(page);

    // Views, List / Map (icons, still named), more actions and refresh: one line, inside the screen.
    const actions = [
      page.getByTestId('views-menu'),
      page.getByTestId('station-view'),
      page.getByRole('button', { name: 'More actions' }),
      page.getByRole('button', { name: 'Refresh stations' }),
    ];
    const boxes = [];
    for (const action of actions) {
      await expect(action).toBeVisible();
      boxes.push(await action.boundingBox());
    }
    const line = boxes[0];
    for (const [index, box] of boxes.entries()) {
      expect(box, `action ${index}`).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), `action ${index} on the first line`).toBeGreaterThan(
        line?.y ?? 0,
      );
      expect(box?.y ?? 0, `action ${index} on the first line`).toBeLessThan(
        (line?.y ?? 0) + (line?.height ?? 0),
      );
      expect((box?.x ?? 0) + (box?.width ?? 0), `action ${index} inside the screen`).toBeLessThanOrEqual(
        PHONE.width,
      );
    }
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Map' })).not.toBeChecked();
    // The desktop's wide buttons are not shown on a phone.
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Add station' })).toBeHidden();

    const top = (await first.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top, 'first station card top').toBeLessThan(FIRST_STATION_TOP);
    await expect(first, 'the first station on the first screen').toBeInViewport();

    // The download and "Add station" are one menu away, by keyboard too.
    const more = page.getByRole('button', { name: 'More actions' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Download CSV' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Add station' })).toHaveAttribute(
      'href',
      '/stations/new',
    );
    expect(await seriousAxe(page), 'serious axe violations with the menu open').toEqual([]);
    await saveScreenshot(page, 'phone-stations-more-actions');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    // The menu's download is the list's CSV: every station, header first.
    await more.click();
    const downloading = page.waitForEvent('download');
    await menu.getByRole('menuitem', { name: 'Download CSV' }).click();
    const csv = await readCsvDownload(await downloading);
    const count = await page.getByTestId('station-row').count();
    expect(csv.length - 1, 'stations in the CSV').toBeGreaterThanOrEqual(count);
  });

  test('the map starts with its attribution folded to the "i" button, which opens it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/stations?view=map');
    const map = page.locator('[data-map-ready]').first();
    await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 45_000 });
    const attribution = map.locator('.maplibregl-ctrl-attrib');
    const credits = attribution.locator('.maplibregl-ctrl-attrib-inner');
    await expect(attribution).toHaveClass(/maplibregl-compact/);
    await expect(attribution).not.toHaveClass(/maplibregl-compact-show/);
    await expect(credits).toBeHidden();
    const folded = await attribution.boundingBox();
    expect(folded?.width ?? 0, 'folded attribution width').toBeLessThanOrEqual(48);
    expect(await seriousAxe(page), 'serious axe violations on the phone map').toEqual([]);
    await saveScreenshot(page, 'phone-station-map-attribution-folded');

    // The credits the data licences ask for are one click away.
    await attribution.locator('summary').click();
    await expect(credits).toBeVisible();
    await expect(credits).toContainText('Natural Earth');
    await expect(credits).toContainText('world-geojson');
    await saveScreenshot(page, 'phone-station-map-attribution-open');
  });
});

const DESKTOP = { width: 1440, height: 900 };

for (const scheme of ['light', 'dark'] as TScheme[]) {
  test.describe(`the station list header on a desktop (${scheme})`, () => {
    test.use({ actor: 'admin', viewport: DESKTOP });

    test('keeps its labelled buttons and the map its open attribution', async ({ page }) => {
      test.setTimeout(120_000);
      await useScheme(page, scheme);
      await page.goto('/stations');
      await expect(page.getByTestId('station-row').first()).toBeVisible({ timeout: 20_000 });
      await waitForSettled(page);
      await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add station' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'More actions' })).toBeHidden();
      await expect(page.getByTestId('station-view')).toContainText('List');
      await saveScreenshot(page, `desktop-stations-${scheme}`);

      await page.getByTestId('station-view').locator('label', { hasText: 'Map' }).click();
      const map = page.locator('[data-map-ready]').first();
      await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 45_000 });
      await expect(map.locator('.maplibregl-ctrl-attrib-inner')).toContainText('Natural Earth');
      await saveScreenshot(page, `desktop-station-map-${scheme}`);
    });
  });
}
