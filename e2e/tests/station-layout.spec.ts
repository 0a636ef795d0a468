import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { firstStationPath, waitForSettled } from '../fixtures/pages';
import { saveScreenshot } from '../fixtures/screenshots';

/** The station header stays within two short lines on a laptop screen. */
const MAX_HEADER_HEIGHT = 80;
/**
 * Tab presses from a freshly opened transactions page to the first transaction: the skip link,
 * then the station's sections (one stop), the list's commands, time window, filters and sortable
 * headers: 16 today. Before the station had its own strip it took 38.
 */
const MAX_TABS_TO_FIRST_TRANSACTION = 18;

/** Presses Tab until focus is inside `target`; the number of presses, or Infinity past `limit`. */
async function tabsUntilInside(page: Page, testId: string, limit: number): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      (id) => Boolean(document.activeElement?.closest(`[data-testid="${id}"]`)),
      testId,
    );
    if (inside) return presses;
  }
  return Number.POSITIVE_INFINITY;
}

test.describe('station pages use the screen', () => {
  test.use({ actor: 'admin', viewport: { width: 1366, height: 860 } });

  test('the main menu stays in view with a station open and the header is compact', async ({ page }) => {
    const path = await firstStationPath(page);
    await page.goto(`${path}/transactions`);
    await expect(page.getByTestId('transactions-row').first()).toBeVisible();
    await waitForSettled(page);

    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Command centre', 'Stations', 'Incidents', 'Organisations']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    // "Stations" is highlighted, but the page marked current is the section, once.
    await expect(menu.getByRole('link', { name: 'Stations', exact: true })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(page.locator('nav [aria-current="page"]')).toHaveCount(1);
    // The station's sections are not in the main menu any more: they are the strip on the page.
    await expect(menu.getByRole('link', { name: 'Transactions' })).toHaveCount(0);
    const sections = page.getByTestId('station-nav');
    await expect(sections.getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sections.getByRole('link')).not.toHaveCount(0);

    const header = await page.getByTestId('station-header').boundingBox();
    expect(header?.height, 'station header height').toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
    // The first transaction is on the first screen.
    await expect(page.getByTestId('transactions-row').first()).toBeInViewport();
    await saveScreenshot(page, 'station-layout-desktop');
  });

  test('the first transaction is a few Tab presses away, and arrow keys move along the sections', async ({
    page,
  }) => {
    const path = await firstStationPath(page);
    await page.goto(`${path}/transactions`);
    await expect(page.getByTestId('transactions-row').first()).toBeVisible();
    await waitForSettled(page);

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    const presses = 1 + (await tabsUntilInside(page, 'transactions-row', MAX_TABS_TO_FIRST_TRANSACTION));
    test
      .info()
      .annotations.push({ type: 'tab presses to the first transaction', description: String(presses) });
    expect(presses).toBeLessThanOrEqual(MAX_TABS_TO_FIRST_TRANSACTION);

    // The strip is one Tab stop (the current section); arrows move along it, Enter follows.
    await page.goto(`${path}/transactions`);
    await waitForSettled(page);
    const sections = page.getByTestId('station-nav');
    const current = sections.getByRole('link', { name: 'Transactions' });
    await current.focus();
    await page.keyboard.press('ArrowRight');
    await expect(sections.getByRole('link', { name: 'Sales' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(sections.getByRole('link', { name: 'Overview' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sections.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });
});
