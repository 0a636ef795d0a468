import { expect, test } from '../fixtures/auth';
import { readCsvDownload } from '../fixtures/csv';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('loyalty', () => {
  test.use({ actor: 'admin' });

  test('filters the ledger and downloads exactly the filtered rows as CSV', async ({ page }) => {
    await page.goto('/loyalty');
    await expect(page).toHaveURL(/\/loyalty\/sahyog-rewards$/);
    await expect(page.getByRole('heading', { name: 'Sahyog Rewards' })).toBeVisible();
    const rows = page.getByTestId('loyalty-transactions-row');
    await expect(rows.first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Earned' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/kind=earn/);
    await expect(rows.first()).toBeVisible();
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('Earned')))
      .toBe(true);
    for (const text of await rows.allInnerTexts()) {
      expect(text).toContain('Successful');
      expect(text).not.toContain('Redeemed');
    }
    const shown = await rows.count();
    await saveScreenshot(page, 'loyalty-transactions');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /download csv/i }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sahyog-rewards-loyalty-\d{8}\.csv$/);
    const [header = [], ...records] = await readCsvDownload(download);
    const column = (name: string) => header.indexOf(name);
    expect(column('Kind')).toBeGreaterThanOrEqual(0);
    expect(records.length).toBeGreaterThanOrEqual(shown);
    for (const record of records) {
      expect(record[column('Kind')]).toBe('earn');
      expect(record[column('Status')]).toBe('success');
      expect(record[column('Test')]).toBe('false');
    }
  });

  test('opens a pending statement, starts the payout and settles it with a UTR', async ({ page }) => {
    await page.goto('/loyalty/sahyog-rewards');
    await page.getByRole('link', { name: 'Settlements' }).click();
    await expect(page).toHaveURL(/\/loyalty\/sahyog-rewards\/settlements$/);
    const rows = page.getByTestId('settlements-row');
    await expect(rows.first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=pending/);
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('Pending')))
      .toBe(true);
    await saveScreenshot(page, 'loyalty-settlements');

    await rows.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/settlements\/\d+$/);
    await expect(page.getByRole('heading', { name: /^Statement · / })).toBeVisible();
    const amounts = page.getByTestId('settlement-amounts');
    await expect(amounts).toContainText('Pending');
    await expect(page.getByText('No changes recorded yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Start payout' }).click();
    await expect(amounts).toContainText('Processing');
    const history = page.getByTestId('audit-trail');
    await expect(history).toContainText('Payout started');

    const utr = `E2EN${String(Date.now()).slice(-12)}`;
    await page.getByRole('textbox', { name: /UTR/ }).fill(utr);
    await page.getByRole('button', { name: 'Mark settled' }).click();
    await expect(amounts).toContainText('Settled');
    await expect(amounts).toContainText(utr);
    await expect(history).toContainText(`Marked settled · UTR ${utr}`);
    await expect(history).toContainText('Payout started');
    await expect(page.getByText('Paid out. Nothing more to do.')).toBeVisible();
    await saveScreenshot(page, 'loyalty-statement');
  });
});
