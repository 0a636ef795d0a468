import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, readStoredCredentials, signInThroughUi, test } from '../fixtures/auth';
import { type TScheme, useScheme, waitForSettled } from '../fixtures/pages';
import { saveScreenshot } from '../fixtures/screenshots';

/** The signed-in user's API, with the token the page holds. */
async function api(page: Page) {
  const credentials = await readStoredCredentials(page);
  const headers = { authorization: `Bearer ${credentials?.access_token ?? ''}` };
  return {
    put: (url: string, data?: unknown) => page.request.put(url, { headers, ...(data ? { data } : {}) }),
    delete: (url: string) => page.request.delete(url, { headers }),
    get: (url: string) => page.request.get(url, { headers }),
  };
}

/** Leaves the member as the other scenarios expect them: no pins, views or home page of their own. */
async function resetMember(page: Page) {
  const calls = await api(page);
  await calls.put('/api/home', { kind: 'auto' });
  const pins = (await (await calls.get('/api/station-pins')).json()) as { results: { slug: string }[] };
  for (const pin of pins.results) await calls.delete(`/api/station-pins/${pin.slug}`);
  const views = (await (await calls.get('/api/views')).json()) as { results: { id: number }[] };
  for (const view of views.results) await calls.delete(`/api/views/${view.id}`);
}

/** Serious or critical axe findings (WCAG 2 A and AA) inside `selector`. */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('saved views, pinned stations and home pages', () => {
  test.use({ actor: 'member' });

  test.afterEach(async ({ page }) => {
    await resetMember(page);
  });

  test('saves a list view, keeps it across a reload and applies it again', async ({ page }) => {
    const name = `Critical and open ${Date.now()}`;
    await page.goto('/incidents?status=open&severity=critical');
    const views = page.getByTestId('views-menu');
    await expect(views).toHaveText('Views');
    await views.click();
    await page.getByRole('menuitem', { name: 'Save current view as…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save current view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog).toBeHidden();
    await expect(views).toHaveText(`View: ${name}`);

    await page.reload();
    await expect(views).toHaveText(`View: ${name}`);

    // Another state of the list is no saved view; choosing the view brings its filters back.
    await page.goto('/incidents');
    await expect(views).toHaveText('Views');
    await views.click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page).toHaveURL(/[?&]status=open/);
    await expect(page).toHaveURL(/[?&]severity=critical/);
    await expect(views).toHaveText(`View: ${name}`);
    const rows = page.getByTestId('incidents-row');
    if ((await rows.count()) > 0)
      for (const text of await rows.allInnerTexts()) expect(text).toContain('Open');

    // Renamed and deleted from the same menu.
    await views.click();
    await page.getByRole('menuitem', { name: 'Rename or delete views…' }).click();
    const manage = page.getByRole('dialog', { name: 'Your views of this list' });
    await manage.getByRole('button', { name: `Delete view ${name}` }).click();
    await expect(manage.getByText('No saved views left.')).toBeVisible();
    await manage.getByRole('button', { name: 'Done' }).click();
    await expect(views).toHaveText('Views');
  });

  test('pins a station: it comes first on the station list, the member’s home page', async ({ page }) => {
    await page.goto('/');
    // The demo member sees several stations: they land on the station list.
    await expect(page).toHaveURL(/\/stations$/);
    const rows = page.getByTestId('station-row');
    await expect(rows.nth(2)).toBeVisible();
    const third = (await rows.nth(2).getByRole('link').first().textContent()) ?? '';
    await rows
      .nth(2)
      .getByRole('button', { name: `Pin ${third}` })
      .click();
    const pinned = page.getByTestId('pinned-stations');
    await expect(pinned.getByRole('link', { name: third })).toBeVisible();
    await expect(rows.nth(2).getByRole('button', { name: `Unpin ${third}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.reload();
    await expect(pinned.getByRole('link', { name: third })).toBeVisible();
    // The pinned strip is above the table.
    const strip = await pinned.boundingBox();
    const table = await page.getByTestId('station-table').boundingBox();
    expect(strip && table && strip.y < table.y).toBe(true);

    // The star in the station header says the same, and unpins.
    await pinned.getByRole('link', { name: third }).click();
    await expect(page.getByTestId('station-header')).toBeVisible();
    await page
      .getByTestId('station-header')
      .getByRole('button', { name: `Unpin ${third}` })
      .click();
    await page.goto('/stations');
    await expect(rows.first()).toBeVisible();
    await expect(pinned).toHaveCount(0);
  });

  test('each role lands on its home page; a chosen home page and a redirect win', async ({
    page,
    signInAs,
  }) => {
    // The member chooses a pinned station as home.
    await page.goto('/stations');
    const row = page.getByTestId('station-row').first();
    const station = (await row.getByRole('link').first().textContent()) ?? '';
    await row.getByRole('button', { name: `Pin ${station}` }).click();
    await expect(page.getByTestId('pinned-stations')).toBeVisible();
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Your settings' }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByTestId('home-page-now')).toContainText('the station list');
    await page.getByRole('combobox', { name: 'Open after signing in' }).click();
    await page.getByRole('option', { name: `Station: ${station}` }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('home-page-now')).toContainText(`You chose ${station}`);

    // Signing in again opens that station.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out on this device' }).click();
    await expect(page).toHaveURL(/logout=true/);
    await signInThroughUi(page, 'member');
    await expect(page).toHaveURL(/\/stations\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name: station })).toBeVisible();

    // A deep link that asked for sign-in still wins.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out on this device' }).click();
    await page.goto('/incidents?status=open');
    await expect(page).toHaveURL(/\/login\?redirect_url=/);
    await signInThroughUi(page, 'member');
    await expect(page).toHaveURL(/\/incidents\?status=open$/);
    await resetMember(page);

    // The organisation's admin opens the command centre.
    await signInAs('admin');
    await page.goto('/');
    await expect(page).toHaveURL(/\/command$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Command centre' })).toBeVisible();
    await signInAs('member');
  });

  for (const scheme of ['light', 'dark'] as TScheme[]) {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      test(`looks right: views menu, pins and settings (${scheme}, ${viewport.width} px)`, async ({
        page,
      }) => {
        await useScheme(page, scheme);
        await page.setViewportSize(viewport);
        const suffix = `${scheme}-${viewport.width}`;
        await page.goto('/stations');
        const row = page.getByTestId('station-row').first();
        const station = (await row.getByRole('link').first().textContent()) ?? '';
        await row.getByRole('button', { name: `Pin ${station}` }).click();
        await expect(page.getByTestId('pinned-stations')).toBeVisible();
        await waitForSettled(page);
        await saveScreenshot(page, `saved-views-stations-${suffix}`);
        expect(await axeFindings(page, '[data-testid="pinned-stations"]')).toEqual([]);
        expect(await axeFindings(page, '[data-testid="station-table"]')).toEqual([]);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );

        await page.goto('/incidents?status=open');
        await waitForSettled(page);
        await page.getByTestId('views-menu').click();
        await expect(page.getByRole('menuitem', { name: 'Save current view as…' })).toBeVisible();
        await saveScreenshot(page, `saved-views-menu-${suffix}`);
        // The open menu passes every rule as well.
        expect(await axeFindings(page, '[data-testid="views-dropdown"]')).toEqual([]);
        expect(await axeFindings(page, '[data-testid="views-menu"]')).toEqual([]);
        await page.keyboard.press('Escape');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );

        await page.goto('/settings/profile');
        await expect(page.getByTestId('home-page-now')).toBeVisible();
        await waitForSettled(page);
        await saveScreenshot(page, `saved-views-settings-${suffix}`);
        expect(await axeFindings(page, 'main')).toEqual([]);
      });
    }
  }
});
