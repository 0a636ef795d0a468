import { expect, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('station access requests', () => {
  test('a member asks for a station, an admin approves, and the member then sees it', async ({
    page,
    signInAs,
  }) => {
    await signInAs('member');
    await page.goto('/access-requests');
    await expect(page.getByRole('heading', { name: 'Access requests' })).toBeVisible();
    // The seed's own requests of the member: some approved, some pending, one rejected.
    await expect(page.getByTestId('access-requests-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Request access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request access' });
    await dialog.getByRole('combobox', { name: 'Station' }).click();
    const option = page.getByRole('option').filter({ hasNotText: '(requested)' }).first();
    const label = (await option.innerText()).trim();
    const stationName = label.split(',')[0]!.trim();
    await option.click();
    await dialog.getByLabel('Message to the admins').fill('Covering the night audits (e2e)');
    await saveScreenshot(page, 'access-requests-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText(`Your request for ${stationName} was sent to the admins.`)).toBeVisible();
    const mine = page
      .getByTestId('access-requests-row')
      .filter({ hasText: 'Covering the night audits (e2e)' });
    await expect(mine).toContainText('Pending');

    // Before approval the station is not in the member's list.
    await page.goto(`/stations?q=${encodeURIComponent(stationName)}`);
    await expect(page.getByText(/No stations match|No stations/).first()).toBeVisible();

    await signInAs('admin');
    await page.goto('/access-requests?status=pending');
    const pending = page
      .getByTestId('access-requests-row')
      .filter({ hasText: 'Covering the night audits (e2e)' });
    await expect(pending).toContainText(stationName);
    await expect(pending).toContainText('member@forecourt.demo');
    await saveScreenshot(page, 'access-requests-admin');
    await pending.getByRole('button', { name: /^Approve/ }).click();
    await expect(page.getByText(/can now see/)).toBeVisible();

    // The member, signed in again, finds the station in their list and can open it.
    await signInAs('member');
    await page.goto(`/stations?q=${encodeURIComponent(stationName)}`);
    const link = page.getByRole('link', { name: stationName, exact: true }).first();
    await expect(link).toBeVisible();
    await page.goto('/access-requests?status=approved');
    const approved = page
      .getByTestId('access-requests-row')
      .filter({ hasText: 'Covering the night audits (e2e)' });
    await expect(approved).toContainText('Approved');
    await saveScreenshot(page, 'access-requests-member');

    // The request's history says who approved it.
    await approved.getByRole('button', { name: /^History of/ }).click();
    const history = page.getByRole('dialog', { name: /^History of/ });
    await expect(history.getByTestId('audit-trail')).toContainText('Approved');
    await expect(history.getByTestId('audit-trail')).toContainText('Created');
    await saveScreenshot(page, 'access-request-history');
  });
});
