import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

/** Calls the API as the signed-in page (its stored access token). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const credentials = JSON.parse(window.localStorage.getItem('credentials') ?? '{}');
    const response = await fetch(url, { headers: { Authorization: `Bearer ${credentials.access_token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

/** A station of the organisation with at least one review not replied to yet. */
async function stationWithOpenReviews(page: Page): Promise<string> {
  const stations = await api<{ results: { slug: string }[] }>(page, '/api/stations?limit=50');
  for (const { slug } of stations.results) {
    const reviews = await api<{ count: number }>(page, `/api/stations/${slug}/reviews?replied=false`);
    if (reviews.count > 0) return slug;
  }
  throw new Error('No station with reviews in the demo data');
}

test.describe('station profiles, reviews and organisations', () => {
  test.use({ actor: 'admin' });

  test('replies to a review and sees the reply', async ({ page }) => {
    await page.goto('/stations');
    const slug = await stationWithOpenReviews(page);
    await page.goto(`/stations/${slug}/reviews?replied=false`);
    await expect(page.getByTestId('rating-summary')).toBeVisible();
    await expect(page.getByTestId('rating-bar')).toHaveCount(5);
    const review = page.getByTestId('review').first();
    await expect(review).toBeVisible();
    await saveScreenshot(page, 'station-reviews');

    const reply = `Thank you for the feedback — e2e ${Date.now()}`;
    await review.getByRole('button', { name: 'Reply' }).click();
    await review.getByLabel('Your reply').fill(reply);
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/reviews\/\d+\/reply$/.test(response.url()),
    );
    await review.getByRole('button', { name: 'Save reply' }).click();
    expect((await saved).status()).toBe(200);

    // Replied reviews leave the "not replied" filter; all reviews show it with the reply.
    await page.goto(`/stations/${slug}/reviews?replied=true`);
    const replied = page.getByTestId('review').filter({ hasText: reply });
    await expect(replied).toHaveCount(1);
    await expect(replied.getByTestId('review-reply')).toContainText(reply);
    await saveScreenshot(page, 'station-review-replied');
  });

  test('edits the profile’s hours and amenities', async ({ page }) => {
    await page.goto('/stations');
    const stations = await api<{ results: { slug: string }[] }>(page, '/api/stations?limit=1');
    const slug = stations.results[0]?.slug ?? '';
    await page.goto(`/stations/${slug}/profile`);
    await expect(page.getByTestId('profile-view')).toBeVisible();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Wednesday').fill('07:30-21:15');
    const carWash = form.getByRole('checkbox', { name: 'Car wash' });
    const hadCarWash = await carWash.isChecked();
    await carWash.setChecked(!hadCarWash);
    await saveScreenshot(page, 'station-profile-edit');
    await form.getByRole('button', { name: 'Save profile' }).click();

    const view = page.getByTestId('profile-view');
    await expect(view).toBeVisible();
    await expect(view.getByTestId('profile-hours')).toContainText('07:30–21:15');
    if (hadCarWash) await expect(view.getByTestId('profile-amenities')).not.toContainText('Car wash');
    else await expect(view.getByTestId('profile-amenities')).toContainText('Car wash');
    await expect(page.getByText(/Changed .*opening hours/)).toBeVisible();
    await saveScreenshot(page, 'station-profile');
  });

  test('renames the organisation in settings', async ({ page }) => {
    await page.goto('/stations');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Organisation' }).click();
    await expect(page).toHaveURL(/\/settings\/organization$/);
    const form = page.getByRole('form', { name: 'Organisation settings' });
    await expect(page.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/settings/members');
    const name = `Sahyog Fuels ${Date.now() % 100_000}`;
    await form.getByLabel('Organisation name').fill(name);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(page.getByText(/Renamed from/)).toBeVisible();
    await saveScreenshot(page, 'organization-settings');
    // The profile menu shows the new name.
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-summary')).toContainText(name);
  });

  test('filters the organisations', async ({ page }) => {
    await page.goto('/organizations');
    const rows = page.getByTestId('organization-row');
    await expect(rows).toHaveCount(1);
    const [current] = (
      await api<{ results: { isFuelProvider: boolean; fuels: string[] }[] }>(page, '/api/organizations')
    ).results;
    await page.getByRole('combobox', { name: 'Fuel provider' }).click();
    const option = current?.isFuelProvider ? 'Not fuel providers' : 'Fuel providers';
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(page).toHaveURL(/isFuelProvider=/);
    await expect(page.getByText('No organisations match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(1);
    await page.goto(`/organizations?fuels=${current?.fuels[0] ?? 'petrol'}`);
    await expect(rows).toHaveCount(1);
    await saveScreenshot(page, 'organizations');
  });
});
