import { expect, test } from '../fixtures/auth';
import { type TScheme, useScheme, waitForSettled } from '../fixtures/pages';
import { saveScreenshot } from '../fixtures/screenshots';

const SEVERITIES = ['Low', 'Medium', 'High', 'Critical'];

test.describe('incidents sorted by severity and status', () => {
  test.use({ actor: 'admin' });

  test('the Severity header puts critical first, then low first; Status sorts by the lifecycle', async ({
    page,
  }) => {
    await page.goto('/incidents');
    const rows = page.getByTestId('incidents-row');
    await expect(rows.first()).toBeVisible();
    const severities = async () => {
      const texts = await rows.locator('td:nth-child(4)').allInnerTexts();
      return texts.map((text) => SEVERITIES.indexOf(text.trim().split('\n')[0] ?? ''));
    };

    await page.getByRole('button', { name: /^Severity/ }).click();
    await expect(page).toHaveURL(/sort=-severity/);
    await expect.poll(async () => (await severities())[0]).toBe(3);
    const down = await severities();
    expect(down).toEqual([...down].sort((a, b) => b - a));

    await page.getByRole('button', { name: /^Severity/ }).click();
    await expect(page).toHaveURL(/sort=severity/);
    await expect.poll(async () => (await severities())[0]).toBe(0);

    await page.getByRole('button', { name: /^Status/ }).click();
    await expect(page).toHaveURL(/sort=status/);
    await expect(rows.first().locator('td:nth-child(5)')).toContainText('Open');
  });

  for (const scheme of ['light', 'dark'] as TScheme[]) {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      test(`sorted by severity at ${viewport.width}px in the ${scheme} theme`, async ({ page }) => {
        await useScheme(page, scheme);
        await page.setViewportSize(viewport);
        await page.goto('/incidents?sort=-severity');
        await expect(page.getByTestId('incidents-row').first()).toBeVisible();
        await waitForSettled(page);
        await saveScreenshot(page, `incidents-by-severity-${viewport.width}-${scheme}`);
      });
    }
  }
});
