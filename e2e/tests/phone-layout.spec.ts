import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
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
        const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        const serious = axe.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
        expect(serious, 'serious axe violations on a phone').toEqual([]);
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
