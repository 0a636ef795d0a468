import { expect, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell !== ''));
}

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
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const rows = parseCsv(await readFile(path, 'utf8'));
    const header = rows[0] ?? [];
    const status = header.findIndex((name) => name.toLowerCase() === 'status');
    expect(status).toBeGreaterThanOrEqual(0);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row[status]?.toLowerCase()).toBe('open');
  });
});
