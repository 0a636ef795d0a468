import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { firstStationPath, waitForSettled } from '../fixtures/pages';
import { saveScreenshot } from '../fixtures/screenshots';

/**
 * Nothing that carries meaning in a list is cut off without its full text one hover away: a cell
 * (or anything in it) whose text is clipped, sideways or by a line clamp, must carry a `title`
 * (on itself or inside its cell). Checked at the two common laptop widths.
 */

type TList = { name: string; path: string | ((page: Page) => Promise<string>); row: string };

const LISTS: TList[] = [
  { name: 'incidents', path: '/incidents', row: 'incidents-row' },
  { name: 'settlements', path: '/loyalty/sahyog-rewards/settlements', row: 'settlements-row' },
  { name: 'station-profiles', path: '/station-profiles', row: 'profile-row' },
  { name: 'stations', path: '/stations', row: 'station-row' },
  {
    name: 'transactions',
    path: async (page) => `${await firstStationPath(page)}/transactions`,
    row: 'transactions-row',
  },
];

/** The clipped elements of the page's table cells that give no way to read their full text. */
function clippedWithoutTitle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const cell of Array.from(document.querySelectorAll('tbody td'))) {
      for (const element of [cell, ...Array.from(cell.querySelectorAll('*'))] as HTMLElement[]) {
        if (!element.clientWidth || !element.textContent?.trim()) continue;
        const style = getComputedStyle(element);
        const sideways = style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
        const clamped = style.overflowY !== 'visible' && element.scrollHeight > element.clientHeight + 1;
        if (!sideways && !clamped) continue;
        const titled = element.closest('[title]');
        if (titled && cell.contains(titled) && titled.getAttribute('title')?.trim()) continue;
        found.push(`${element.tagName.toLowerCase()}: "${element.textContent.trim().slice(0, 60)}"`);
      }
    }
    return found;
  });
}

for (const width of [1280, 1440]) {
  test.describe(`lists at ${width} px`, () => {
    test.use({ actor: 'admin', viewport: { width, height: 900 } });
    for (const list of LISTS) {
      test(`${list.name}: no text cut off without its full text`, async ({ page }) => {
        const path = typeof list.path === 'string' ? list.path : await list.path(page);
        await page.goto(path);
        await expect(page.getByTestId(list.row).first()).toBeVisible({ timeout: 20_000 });
        await waitForSettled(page);
        await saveScreenshot(page, `lists-${list.name}-${width}`);
        const clipped = await clippedWithoutTitle(page);
        expect(clipped, `cut off on ${path} at ${width} px:\n${clipped.join('\n')}`).toEqual([]);
      });
    }
  });
}
