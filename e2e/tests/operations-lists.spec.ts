import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { readCsvDownload } from '../fixtures/csv';
import { saveScreenshot } from '../fixtures/screenshots';

/** The slug of the first station of the demo list (the admin sees all of Sahyog Fuels). */
async function firstStationPath(page: Page): Promise<string> {
  await page.goto('/stations');
  const link = page.getByTestId('station-row').first().getByRole('link').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '';
}

test.describe('station lists and the time window', () => {
  test.use({ actor: 'admin' });

  test('pages through transactions with the keyset pager and comes back', async ({ page }) => {
    const station = await firstStationPath(page);
    await page.goto(`${station}/transactions`);
    const rows = page.getByTestId('transactions-row');
    await expect(rows.first()).toBeVisible();
    const firstPage = await rows.allInnerTexts();
    expect(firstPage.length).toBe(40);

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(page.getByTestId('keyset-position')).toContainText('2');
    await expect(rows.first()).not.toHaveText(firstPage[0] ?? '');

    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect(page).not.toHaveURL(/cursor=/);
    await expect(page.getByTestId('keyset-position')).toContainText('1');
    await saveScreenshot(page, 'station-transactions');
  });

  test('filters transactions by payment mode, in the URL and the rows', async ({ page }) => {
    const station = await firstStationPath(page);
    await page.goto(`${station}/transactions?paymentMode=upi&span=7d`);
    const rows = page.getByTestId('transactions-row');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) expect(text).toContain('UPI');
    await expect(page.getByTestId('time-window-button')).toHaveText(/Last 7 days/);

    // The CSV holds the same list: every UPI fill of the week, not just the page on screen.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await readCsvDownload(await downloading);
    const header = csv[0] ?? [];
    const mode = header.indexOf('Payment mode');
    const amount = header.indexOf('Amount (₹)');
    const start = header.indexOf('Start date (IST)');
    expect(Math.min(mode, amount, start)).toBeGreaterThanOrEqual(0);
    expect(csv.length - 1).toBeGreaterThan(40);
    for (const row of csv.slice(1)) {
      expect(row[mode]).toBe('upi');
      // Rupees with two decimals (not paise), times in IST with their offset.
      expect(row[amount]).toMatch(/^\d+\.\d{2}$/);
      expect(row[start]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+05:30$/);
    }
    // The first record is the first row on screen, with the same amount.
    const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    await expect(rows.first()).toContainText(rupees.format(Number(csv[1]?.[amount])));
  });

  test('changes the window from the control, and a shared address opens the same window', async ({
    page,
    context,
  }) => {
    const station = await firstStationPath(page);
    await page.goto(`${station}/payments`);
    await expect(page.getByTestId('payments-row').first()).toBeVisible();
    await expect(page.getByTestId('time-window-button')).toHaveText(/Last 7 days/);

    await page.getByTestId('time-window-button').click();
    await page.getByRole('menuitem', { name: 'Yesterday' }).click();
    await expect(page).toHaveURL(/preset=yesterday/);
    await expect(page.getByTestId('time-window-button')).toHaveText('Yesterday');
    await expect(page.getByRole('switch', { name: 'Live' })).not.toBeChecked();

    // Step one window back: a fixed range in the address.
    await page.getByRole('button', { name: 'Previous window' }).click();
    await expect(page).toHaveURL(/startDate=.*endDate=/);
    const shared = page.url();

    const other = await context.newPage();
    await other.goto(shared);
    await expect(other.getByTestId('time-window-button')).toHaveText(
      (await page.getByTestId('time-window-button').textContent()) ?? '',
    );
    await expect(
      other
        .getByTestId('payments-row')
        .first()
        .or(other.getByText(/no payments/i)),
    ).toBeVisible();
    await other.close();
  });

  test('explains a window longer than the screen allows instead of loading it', async ({ page }) => {
    const station = await firstStationPath(page);
    await page.goto(`${station}/payments?span=180d`);
    await expect(page.getByRole('alert').filter({ hasText: 'at most 93 days' })).toBeVisible();
    await expect(page.getByTestId('payments-row')).toHaveCount(0);
  });

  test('goes from a fill to the vehicle, then to the network vehicle list', async ({ page }) => {
    const station = await firstStationPath(page);
    await page.goto(`${station}/transactions`);
    const vehicleLink = page.getByTestId('transactions-row').getByRole('link').first();
    await expect(vehicleLink).toBeVisible();
    const registration = ((await vehicleLink.textContent()) ?? '').trim();
    await vehicleLink.click();
    await expect(page).toHaveURL(/\/vehicles\/[^/]+$/);
    const compact = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(compact((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')).toContain(
      compact(registration),
    );
    await expect(page.getByTestId('vehicle-totals')).toBeVisible();
    await expect(page.getByTestId('vehicle-fills-row').first()).toBeVisible();
    await saveScreenshot(page, 'vehicle');

    await page.getByRole('navigation').getByRole('link', { name: 'Vehicles' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByTestId('vehicles-row').first()).toBeVisible();
  });

  test('answers an unknown registration with a not-found state', async ({ page }) => {
    await page.goto('/vehicles/ZZ00ZZ0000');
    await expect(page.getByTestId('vehicle-not-found')).toBeVisible();
  });
});
