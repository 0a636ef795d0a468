import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { ingestOneFill } from '../fixtures/ingest';
import { saveScreenshot } from '../fixtures/screenshots';

type TStationRef = { path: string; slug: string; name: string };

async function openFirstStation(page: Page): Promise<TStationRef> {
  await page.goto('/stations');
  const link = page.getByTestId('station-row').first().getByRole('link').first();
  await expect(link).toBeVisible();
  const name = ((await link.textContent()) ?? '').trim();
  const path = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return { path, slug: path.split('/').pop() ?? '', name };
}

/** Every station page of its sections strip, what proves it loaded, reached through that strip. */
const STATION_PAGES = [
  { suffix: '/schematic', ready: 'schematic-svg' },
  { suffix: '/assets', ready: 'assets-dispensers' },
  { suffix: '/assets/dispensers', ready: 'dispenser-row' },
  { suffix: '/congestion', ready: 'busiest-hours' },
  { suffix: '/vehicles', ready: 'sightings-row' },
  { suffix: '/transactions', ready: 'transactions-row' },
  { suffix: '/sales', ready: 'sales-revenue' },
  { suffix: '/payments', ready: 'payments-row' },
  { suffix: '/customers', ready: 'customers-table' },
  { suffix: '/challans', ready: 'challans-table' },
  { suffix: '/metrics', ready: 'metrics-charts' },
  { suffix: '', ready: 'station-overview-kpis' },
] as const;

test.describe('station pages', () => {
  test.use({ actor: 'admin' });

  test("walks every page of a station from the station's sections", async ({ page }) => {
    // Twelve pages and a full-page screenshot of each: generous on a busy machine.
    test.setTimeout(120_000);
    const station = await openFirstStation(page);
    const nav = page.getByRole('navigation', { name: `${station.name} sections` });
    for (const { suffix, ready } of STATION_PAGES) {
      await nav.locator(`a[href="${station.path}${suffix}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${station.path}${suffix}(\\?|$)`));
      await expect(page.getByRole('heading', { level: 1, name: station.name })).toBeVisible();
      await expect(page.getByTestId(ready).first()).toBeVisible();
      await saveScreenshot(page, `station${suffix.replaceAll('/', '-') || '-overview'}`);
    }
  });

  test('the overview follows the window: a longer window sells more', async ({ page }) => {
    const station = await openFirstStation(page);
    const revenue = page.getByTestId('kpi-revenue-value');
    await expect(revenue).toBeVisible();
    // The exact amount (the tile rounds crores); whole rupees, so the digits are the amount.
    const digits = async () =>
      Number(((await revenue.getAttribute('data-exact')) ?? '').replace(/[^\d]/g, ''));
    await expect.poll(digits).toBeGreaterThan(0);
    const day = await digits();

    await page.getByTestId('time-window-button').click();
    await page.getByRole('menuitem', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL(new RegExp(`${station.path}\\?span=30d`));
    await expect.poll(digits).toBeGreaterThan(day);
  });

  test('the metrics step can be chosen by hand and is kept in the address', async ({ page }) => {
    const station = await openFirstStation(page);
    await page.goto(`${station.path}/metrics`);
    await expect(page.getByTestId('metrics-charts')).toBeVisible();
    await page.getByRole('combobox', { name: 'Chart step' }).click();
    await page.getByRole('option', { name: 'Every 1 hour' }).click();
    await expect(page).toHaveURL(/frequency=1h/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Chart step' })).toHaveValue('Every 1 hour');
    await expect(page.getByTestId('metrics-charts')).toBeVisible();
  });

  test('a fill sent through the ingest API appears on the open page without a reload', async ({
    page,
    request,
  }) => {
    const station = await openFirstStation(page);
    await page.goto(`${station.path}/transactions`);
    await expect(page.getByTestId('transactions-row').first()).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');

    const registration = await ingestOneFill(page, request, station.slug);

    await expect(
      page.getByTestId('transactions-row').filter({ hasText: registration.slice(-4) }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await saveScreenshot(page, 'station-transactions-live');
  });
});

test.describe('the command centre', () => {
  test.use({ actor: 'admin' });

  test('shows the network: status counts, top and bottom stations, and the latest fills', async ({
    page,
  }) => {
    await page.goto('/stations');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Command centre' })
      .click();
    await expect(page).toHaveURL(/\/command$/);
    await expect(page.getByTestId('kpi-revenue-value')).toBeVisible();
    await expect(page.getByTestId('status-counts')).toBeVisible();
    await expect(page.getByTestId('top-stations-row')).toHaveCount(5);
    await expect(page.getByTestId('ticker-transaction').first()).toBeVisible();
    await saveScreenshot(page, 'command-centre');

    const top = page.getByTestId('top-stations-row').first().getByRole('link').first();
    const name = ((await top.textContent()) ?? '').trim();
    await top.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a new fill reaches the open command centre without a reload', async ({ page, request }) => {
    await page.goto('/command');
    const ticker = page.getByTestId('ticker-transaction');
    await expect(ticker.first()).toBeVisible();
    const station = page.getByTestId('top-stations-row').first().getByRole('link').first();
    const slug = ((await station.getAttribute('href')) ?? '').split('/').pop() ?? '';
    const registration = await ingestOneFill(page, request, slug);
    await expect(ticker.filter({ hasText: registration.slice(-4) })).toBeVisible({ timeout: 15_000 });
  });
});
