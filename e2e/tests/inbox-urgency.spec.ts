import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ACTORS, DEMO_PASSWORD, expect, signInWithApi, test } from '../fixtures/auth';
import { type TScheme, useScheme } from '../fixtures/pages';
import { saveScreenshot } from '../fixtures/screenshots';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The bell's popover opened on the Incidents tab, and the item about `title`. */
async function incidentItem(page: Page, title: string) {
  await page.goto('/stations');
  await page.getByRole('button', { name: /^Open notifications/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: /Incidents/ }).click();
  const item = dialog.getByRole('article').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 15_000 });
  return { dialog, item };
}

test.describe('incident urgency in the inbox', () => {
  test('a critical incident is red and says so; once resolved it is neutral', async ({ page }) => {
    test.setTimeout(90_000);
    // A member opens a critical incident at one of their stations; the admin is told.
    const login = await page.request.post('/api/auth/login', {
      data: { email: ACTORS.member.email, password: DEMO_PASSWORD },
    });
    const member = (await login.json()) as { access_token: string };
    const stations = await page.request.get('/api/stations', { headers: auth(member.access_token) });
    const station = ((await stations.json()) as { results: { id: number }[] }).results[0];
    expect(station).toBeTruthy();
    const title = `Dispenser 2 sparks ${Date.now()}`;
    const created = await page.request.post('/api/incidents', {
      headers: auth(member.access_token),
      data: { stationId: station?.id, type: 'dispenser_fault', severity: 'critical', title },
    });
    expect(created.status(), await created.text()).toBe(201);
    const incident = (await created.json()) as { id: number };

    const admin = await signInWithApi(page, 'admin');
    const { item } = await incidentItem(page, title);
    await expect(item).toHaveAttribute('data-tone', 'urgent');
    await expect(item.getByTestId('fc-inbox-tone')).toHaveText(/^Urgent/);
    await saveScreenshot(page, 'inbox-urgency-critical');

    const resolved = await page.request.post(`/api/incidents/${incident.id}/status`, {
      headers: auth(admin.access_token),
      data: { to: 'resolved' },
    });
    expect(resolved.status(), await resolved.text()).toBe(200);
    const after = await incidentItem(page, title);
    await expect(after.item).toHaveAttribute('data-tone', 'done');
    await expect(after.item.getByTestId('fc-inbox-tone')).toHaveText(/^Resolved/);
  });

  for (const scheme of ['light', 'dark'] as TScheme[]) {
    test(`the toned items read at 4.5:1 in the ${scheme} theme`, async ({ page }) => {
      await useScheme(page, scheme);
      await signInWithApi(page, 'admin');
      await page.goto('/stations');
      await page.getByRole('button', { name: /^Open notifications/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: /Incidents/ }).click();
      await expect(dialog.getByTestId('fc-inbox-tone').first()).toBeVisible({ timeout: 15_000 });
      // The items: their tone labels and text (the widget's header is outside this change).
      const results = await new AxeBuilder({ page })
        .include('[role="dialog"] article')
        .withRules(['color-contrast'])
        .analyze();
      expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
      await saveScreenshot(page, `inbox-urgency-${scheme}`);
    });
  }
});
