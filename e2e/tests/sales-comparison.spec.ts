import { expect, test } from '../fixtures/auth';
import { readCsvDownload } from '../fixtures/csv';
import { firstStationPath, type TScheme, useScheme, waitForSettled } from '../fixtures/pages';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('sales compared with another period', () => {
  test.use({ actor: 'admin' });

  test('choosing "last week" draws a second series and shows the change', async ({ page }) => {
    test.setTimeout(90_000);
    const station = await firstStationPath(page);
    await page.goto(`${station}/sales`);
    await expect(page.getByTestId('sales-revenue-value')).toBeVisible();
    await expect(page.getByTestId('sales-comparison')).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Compare with' }).click();
    await page.getByRole('option', { name: 'Same period last week' }).click();
    await expect(page).toHaveURL(/compare=lastWeek/);

    const chart = page.getByTestId('sales-comparison');
    await expect(chart).toBeVisible();
    await expect(chart.getByText('Same days last week', { exact: true })).toBeVisible();
    await expect(chart.getByText(/^Compared with /)).toBeVisible();
    // Two lines: this window and the compared one (dashed).
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    await expect(chart.locator('.recharts-line-curve[stroke-dasharray="6 4"]')).toHaveCount(1);

    const change = page.getByTestId('sales-revenue-change');
    await expect(change).toBeVisible();
    await expect(change).toContainText(/[▲▼■] (\d+(\.\d)?%|new)/);
    await expect(change).toContainText('vs last week');
    await expect(change.locator('.mantine-VisuallyHidden-root, [class*="visually-hidden"]')).toHaveText(
      /(up|down) [\d.]+% on the same days last week|no change on the same days last week/,
    );

    // The export carries the compared columns.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const [header = [], ...records] = await readCsvDownload(await downloading);
    expect(header.slice(-3)).toEqual([
      'Same days last week: step start (IST)',
      'Same days last week: revenue (₹)',
      'Same days last week: transactions',
    ]);
    expect(records.some((record) => Number(record.at(-2)) > 0)).toBe(true);

    // Reload: the choice is in the address, so it stays.
    await page.reload();
    await expect(page.getByTestId('sales-comparison')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Compare with' })).toHaveValue('Same period last week');
  });

  test('last year beyond the demo data says "no data" instead of zeros', async ({ page }) => {
    const station = await firstStationPath(page);
    await page.goto(`${station}/sales?compare=lastYear`);
    await expect(page.getByTestId('sales-revenue-no-change')).toHaveText(
      'No data for the same weekdays last year',
    );
    await expect(page.getByTestId('sales-revenue-change')).toHaveCount(0);
    await expect(page.getByTestId('sales-comparison').getByText(/^No data for /)).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as TScheme[]) {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      test(`looks right at ${viewport.width}px in the ${scheme} theme`, async ({ page }) => {
        await useScheme(page, scheme);
        await page.setViewportSize(viewport);
        const station = await firstStationPath(page);
        await page.goto(`${station}/sales?compare=lastWeek`);
        await expect(page.getByTestId('sales-comparison')).toBeVisible();
        await waitForSettled(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
        await saveScreenshot(page, `sales-compare-${viewport.width}-${scheme}`);
      });
    }
  }
});
