import { expect, signInWithApi, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe('incidents raised by station systems and comparisons on the tiles', () => {
  test('a long queue reported through ingest reaches the inbox Incidents tab of the people of the station', async ({
    page,
  }) => {
    const tokens = await signInWithApi(page, 'admin');
    const stations = await page.request.get('/api/stations', { headers: auth(tokens.access_token) });
    const station = ((await stations.json()) as { results: { slug: string }[] }).results[0];
    expect(station).toBeTruthy();
    // The station's controller gets a key and reports a queue of 11 on lane 1.
    const key = await page.request.post(`/api/stations/${station?.slug}/api-keys`, {
      headers: auth(tokens.access_token),
      data: { name: `Queue camera ${Date.now()}` },
    });
    expect(key.status(), await key.text()).toBe(201);
    const secret = ((await key.json()) as { secret: string }).secret;
    const reported = await page.request.post('/api/ingest', {
      headers: { 'x-api-key': secret },
      data: {
        congestionSamples: [
          {
            sourceId: `e2e-queue-${Date.now()}`,
            lane: 1,
            sampledAt: new Date().toISOString(),
            queueLength: 11,
            waitSeconds: 1_200,
          },
        ],
      },
    });
    expect(reported.ok(), await reported.text()).toBe(true);

    await page.goto('/stations');
    await page.getByRole('button', { name: /^Open notifications/ }).click();
    const dialog = page.getByRole('dialog');
    const incidentsTab = dialog.getByRole('tab', { name: /Incidents/ });
    await incidentsTab.click();
    await expect(incidentsTab).toHaveAttribute('aria-selected', 'true');
    await expect(
      dialog.getByRole('article').filter({ hasText: 'Queue of 11 vehicles on lane 1' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await saveScreenshot(page, 'inbox-ingest-incident');
  });

  test('the command centre revenue tile shows its change against the previous period', async ({ page }) => {
    await signInWithApi(page, 'admin');
    await page.goto('/command');
    const change = page.getByTestId('kpi-revenue-change');
    await expect(change).toBeVisible({ timeout: 15_000 });
    await expect(change).toContainText(/[▲▼■]/);
    await expect(change).toContainText(/on the previous period|none in the previous period/);
    await expect(page.getByTestId('kpi-revenue-sparkline')).toBeVisible();
  });
});
