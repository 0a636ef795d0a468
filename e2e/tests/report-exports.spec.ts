import { expect, test } from '../fixtures/auth';
import { readCsvDownload } from '../fixtures/csv';

/** An instant as every export writes it: IST with the offset. */
const IST_INSTANT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+05:30$/;

test.describe('exports people can open', () => {
  test.use({ actor: 'admin' });

  test('the stations list downloads every station it filters, with readable headers', async ({ page }) => {
    await page.goto('/stations?status=operational');
    const rows = page.getByTestId('station-row');
    await expect(rows.first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^stations-\d{8}\.csv$/);
    const [header = [], ...records] = await readCsvDownload(download);
    expect(header.slice(0, 4)).toEqual(['Name', 'Code', 'Slug', 'Status']);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record[3]).toBe('operational');
  });

  test('the command centre downloads each station’s takings in rupees and prints as a report', async ({
    page,
  }) => {
    await page.goto('/command');
    const button = page.getByRole('button', { name: 'Download CSV' });
    await expect(button).toBeEnabled();
    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^command-centre-\d{8}\.csv$/);
    const [header = [], ...records] = await readCsvDownload(download);
    expect(header).toEqual([
      'From (IST)',
      'To (IST)',
      'Station',
      'City',
      'Status',
      'Revenue (₹)',
      'Transactions',
      'Open incidents (now)',
    ]);
    expect(records.length).toBeGreaterThan(1);
    const revenues = records.map((record) => Number(record[5]));
    expect(records[0]?.[0]).toMatch(IST_INSTANT);
    for (const record of records) expect(record[5]).toMatch(/^\d+\.\d{2}$/);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));

    // Printed, the report stands alone: no menu, no buttons, and the window it covers is written.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#app-navbar')).toBeHidden();
    await expect(button).toBeHidden();
    await expect(page.locator('.fc-print-only').first()).toBeVisible();
    await expect(page.locator('.fc-print-only').first()).toContainText('(IST)');
    await page.emulateMedia({ media: 'screen' });
    await expect(button).toBeVisible();
  });

  test('station sales download one row per step with each fuel in its unit', async ({ page }) => {
    await page.goto('/stations');
    const link = page.getByTestId('station-row').first().getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    await page.goto(`${href}/sales`);
    const button = page.getByRole('button', { name: 'Download CSV' });
    await expect(button).toBeEnabled();
    const downloading = page.waitForEvent('download');
    await button.click();
    const [header = [], ...records] = await readCsvDownload(await downloading);
    expect(header.slice(0, 3)).toEqual(['Step start (IST)', 'Revenue (₹)', 'Transactions']);
    expect(header.some((name) => /^(Petrol|Diesel|Premium) \(L\)$/.test(name))).toBe(true);
    expect(records.length).toBeGreaterThan(1);
    for (const record of records) expect(record[0]).toMatch(IST_INSTANT);
  });
});
