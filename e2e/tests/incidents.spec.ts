import { expect, test } from '../fixtures/auth';
import { readCsvDownload } from '../fixtures/csv';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('incidents', () => {
  test.use({ actor: 'admin' });

  test('acknowledges an open incident, writes a note and attaches a photo, all on its timeline', async ({
    page,
  }) => {
    await page.goto('/incidents?status=open');
    const rows = page.getByTestId('incidents-row');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Open');
    await saveScreenshot(page, 'incidents');

    await rows.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/incidents\/\d+$/);
    const timeline = page.getByTestId('incident-timeline');
    await expect(timeline).toBeVisible();

    await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Resolve', exact: true })).toBeVisible();
    await expect(timeline).toContainText(/acknowledged/i);

    const note = `Checked by e2e at ${Date.now()}`;
    await page.getByLabel('Add a note').fill(note);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(timeline).toContainText(note);

    // A 1×1 PNG as evidence, through the file chooser of the drop area.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByTestId('evidence-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pump-display.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('pump-display.png').first()).toBeVisible();
    await saveScreenshot(page, 'incident-detail');
  });

  test('downloads the filtered list as CSV', async ({ page }) => {
    await page.goto('/incidents?status=open');
    await expect(page.getByTestId('incidents-row').first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /download csv/i }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const rows = await readCsvDownload(download);
    const header = rows[0] ?? [];
    const status = header.findIndex((name) => name.toLowerCase() === 'status');
    expect(status).toBeGreaterThanOrEqual(0);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row[status]?.toLowerCase()).toBe('open');
  });
});
