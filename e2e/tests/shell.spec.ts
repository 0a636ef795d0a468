import { expect, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('the application shell', () => {
  // Every page of the shell needs a session: these scenarios start signed in as the admin.
  test.use({ actor: 'admin' });

  test('opens on the station list with the demo network', async ({ page }) => {
    // The admin's home page is the command centre; the station list is one link away.
    await page.goto('/');
    await expect(page).toHaveURL(/\/command$/);
    await page.goto('/stations');
    const rows = page.getByTestId('station-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(5);
    await expect(page.getByRole('navigation')).toContainText('Stations');
    await expect(page.getByRole('navigation')).toContainText('Incidents');
    await expect(page.getByRole('navigation')).toContainText('Vehicles');
    await saveScreenshot(page, 'stations-list');
  });

  test('keeps list filters in the URL across a reload', async ({ page }) => {
    await page.goto('/stations?status=operational&sort=-city');
    const rows = page.getByTestId('station-row');
    await expect(rows.first()).toBeVisible();
    const before = await rows.allInnerTexts();
    await page.reload();
    await expect(rows.first()).toBeVisible();
    expect(await rows.allInnerTexts()).toEqual(before);
    for (const text of before) expect(text.toLowerCase()).toContain('operational');
  });

  test('searches stations and shows an empty state when nothing matches', async ({ page }) => {
    await page.goto('/stations');
    await expect(page.getByTestId('station-row').first()).toBeVisible();
    await page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/search/i))
      .first()
      .fill('zzzz-no-such-station');
    await expect(page).toHaveURL(/q=zzzz-no-such-station/);
    await expect(page.getByText(/no station/i).first()).toBeVisible();
    await saveScreenshot(page, 'stations-empty');
  });

  test('opens a station from the list', async ({ page }) => {
    await page.goto('/stations');
    const firstLink = page.getByTestId('station-row').first().getByRole('link').first();
    const name = ((await firstLink.textContent()) ?? '').trim();
    await firstLink.click();
    await expect(page).toHaveURL(/\/stations\/[a-z0-9-]+/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await saveScreenshot(page, 'station-overview');
  });

  test('changes the theme and keeps it after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/stations');
    await expect(page.getByTestId('station-row').first()).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');

    await page.getByTestId('theme-toggle').click();
    const dark = page
      .getByRole('menuitemradio', { name: /dark/i })
      .or(page.getByRole('radio', { name: /dark/i }));
    await dark.first().click();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('appearance.theme'))).toBe('dark');

    await page.reload();
    await expect(page.getByTestId('station-row').first()).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
    await saveScreenshot(page, 'stations-dark');
  });

  test('answers an unknown station with a not-found state', async ({ page }) => {
    await page.goto('/stations/no-such-station');
    await expect(page.getByText(/not found/i).first()).toBeVisible();
  });
});
