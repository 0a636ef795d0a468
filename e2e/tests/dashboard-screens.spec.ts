import { expect, signInWithApi, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

/** The command centre and a station overview, on a desktop and a phone, light and dark, for a look. */
test.describe('dashboard screens for a look', () => {
  for (const [device, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`command centre and station overview, ${device}, ${scheme}`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        const tokens = await signInWithApi(page, 'admin');
        await page.goto('/command');
        await expect(page.getByTestId('kpi-revenue-change')).toBeVisible({ timeout: 20_000 });
        await saveScreenshot(page, `command-centre-${device}-${scheme}`);
        const stations = await page.request.get('/api/stations', {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        const slug = ((await stations.json()) as { results: { slug: string }[] }).results[0]?.slug;
        await page.goto(`/stations/${slug}`);
        await expect(page.getByTestId('kpi-revenue-change')).toBeVisible({ timeout: 20_000 });
        await saveScreenshot(page, `station-overview-${device}-${scheme}`);
      });
    }
  }
});
