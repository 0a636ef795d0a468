import { expect, test } from '../fixtures/auth';
import { readCsvDownload } from '../fixtures/csv';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('cards', () => {
  test.use({ actor: 'admin' });

  test('approves a card activation request and the card becomes active, with the entry in its history', async ({
    page,
  }) => {
    await page.goto('/cards/activation-requests?status=pending');
    const rows = page.getByTestId('card-requests-row');
    await expect(rows.first()).toBeVisible();
    await saveScreenshot(page, 'card-activation-requests');
    const row = rows.first();
    const number = (await row.getByRole('link').first().innerText()).trim();
    expect(number).toMatch(/^•••• •••• •••• \d{4}$/);
    await expect(row).toContainText('Issued');

    await row.getByRole('button', { name: /Approve activation/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the activation' });
    await expect(dialog).toContainText(number);
    await saveScreenshot(page, 'card-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve and activate' }).click();
    await expect(dialog).toBeHidden();

    // The pending filter drops the decided request; the card's page shows the result.
    await page.goto('/cards/activation-requests?status=approved');
    const approved = page.getByTestId('card-requests-row').filter({ hasText: number }).first();
    await expect(approved).toContainText('Approved');
    await expect(approved).toContainText('Active');
    await approved.getByRole('link', { name: number }).click();
    await expect(page).toHaveURL(/\/cards\/\d+$/);
    await expect(page.getByTestId('card-number')).toHaveText(number);
    await expect(page.getByTestId('card-activation-requests')).toContainText('Approved');
    const history = page.getByTestId('audit-trail');
    await expect(history).toContainText('Activated the card (request approved)');
    await expect(page.getByRole('button', { name: 'Block card' })).toBeVisible();
    await saveScreenshot(page, 'card-detail-activated');
  });

  test('rejects a card activation request with a reason', async ({ page }) => {
    await page.goto('/cards/activation-requests?status=pending');
    const row = page.getByTestId('card-requests-row').first();
    await expect(row).toBeVisible();
    const number = (await row.getByRole('link').first().innerText()).trim();
    await row.getByRole('button', { name: /Reject activation/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the activation' });
    // A rejection needs a reason.
    await dialog.getByRole('button', { name: 'Reject request' }).click();
    await expect(dialog.getByText('Give a reason')).toBeVisible();
    const reason = `RC book does not match (e2e ${Date.now()})`;
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Reject request' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/cards/activation-requests?status=rejected');
    const rejected = page.getByTestId('card-requests-row').filter({ hasText: reason });
    await expect(rejected).toHaveCount(1);
    await expect(rejected).toContainText(number);
    await expect(rejected).toContainText('Issued');
  });

  test('blocks an active card with a reason', async ({ page }) => {
    await page.goto('/cards?status=active&kind=prepaid');
    const row = page.getByTestId('cards-row').first();
    await expect(row).toBeVisible();
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/cards\/\d+$/);
    await page.getByRole('button', { name: 'Block card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block the card' });
    const reason = `Reported lost at the counter (e2e ${Date.now()})`;
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Block card' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Unblock card' })).toBeVisible();
    const history = page.getByTestId('audit-trail');
    await expect(history).toContainText('Blocked the card');
    await expect(history).toContainText(reason);
    await saveScreenshot(page, 'card-detail-blocked');
  });

  test('exports the filtered list as CSV', async ({ page }) => {
    await page.goto('/cards?status=blocked&kind=fleet');
    await expect(page.getByTestId('cards-row').first()).toBeVisible();
    await saveScreenshot(page, 'cards');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /download csv/i }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const rows = await readCsvDownload(download);
    const header = rows[0] ?? [];
    const status = header.indexOf('Status');
    const kind = header.indexOf('Kind');
    const numberColumn = header.indexOf('Number');
    expect(Math.min(status, kind, numberColumn)).toBeGreaterThanOrEqual(0);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(row[status]).toBe('blocked');
      expect(row[kind]).toBe('fleet');
      expect(row[numberColumn]).toMatch(/^•••• •••• •••• \d{4}$/);
    }
  });
});
