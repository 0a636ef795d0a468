import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, readStoredCredentials, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

/** A loopback HTTP peer standing in for a chat webhook (Discord): keeps every request's body. */
async function startReceiver(): Promise<{ url: string; bodies: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/e2e`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test.describe('notifications admin', () => {
  test.use({ actor: 'admin' });

  test('edits the system-announcement workflow with a live preview and saves it', async ({ page }) => {
    await page.goto('/stations');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    const row = page.getByTestId('workflow-row').filter({ hasText: 'system-announcement' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Active');
    await saveScreenshot(page, 'notify-admin-workflows');

    await row.getByRole('link', { name: 'System announcement' }).click();
    await expect(page).toHaveURL(/\/settings\/notifications\/workflows\/[0-9a-f]{24}$/);
    const body = page.getByLabel('Step 1 in-app body');
    const original = await body.inputValue();
    expect(original).toContain('{{title}}');
    const preview = page.frameLocator('iframe[title="Preview of step 1"]').locator('body');
    await expect(preview).toContainText('Sample title');

    const marker = `edited ${Date.now()}`;
    await body.fill(`${original} <em>${marker}</em>`);
    await expect(preview).toContainText(marker);
    await page
      .getByLabel('Sample payload (JSON)')
      .fill('{"title": "Pump 4 is back", "url": "https://example.com"}');
    await expect(preview).toContainText('Pump 4 is back');
    await saveScreenshot(page, 'notify-admin-workflow-editor');

    await page.getByRole('button', { name: 'Save workflow' }).click();
    await expect(page.getByText('Workflow saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Step 1 in-app body')).toHaveValue(`${original} <em>${marker}</em>`);

    // Leave the seeded workflow as it was for the other scenarios.
    await page.getByLabel('Step 1 in-app body').fill(original);
    await page.getByRole('button', { name: 'Save workflow' }).click();
    await expect(page.getByText('Workflow saved.')).toBeVisible();
  });

  test('adds a chat webhook integration and sends a test message to a loopback receiver', async ({
    page,
  }) => {
    const receiver = await startReceiver();
    try {
      await page.goto('/settings/notifications?tab=integrations');
      await page.getByRole('button', { name: 'Add integration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an integration' });
      // The form comes from the catalogue's credential schema.
      await dialog.getByRole('combobox', { name: 'Channel' }).click();
      await page.getByRole('option', { name: 'Email', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Provider' }).click();
      await page.getByRole('option', { name: 'Custom SMTP', exact: true }).click();
      await expect(dialog.getByRole('textbox', { name: 'Host' })).toBeVisible();
      await expect(dialog.getByText('DKIM: private key (PEM)')).toBeVisible();
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'notify-admin-integration-form');
      await dialog.getByRole('combobox', { name: 'Channel' }).click();
      await page.getByRole('option', { name: 'Chat', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Provider' }).click();
      await page.getByRole('option', { name: 'Discord', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Ops Discord');
      await dialog.getByRole('button', { name: 'Add integration' }).click();
      await expect(page.getByText('Ops Discord saved.')).toBeVisible();

      const row = page.getByTestId('integration-row').filter({ hasText: 'Ops Discord' });
      await expect(row).toContainText('Delivers');
      await row.getByRole('button', { name: 'Test' }).click();
      const test = page.getByRole('dialog', { name: /Send a test/ });
      await test.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
      const message = `Hello from the e2e test ${Date.now()}`;
      await test.getByRole('textbox', { name: 'Message' }).fill(message);
      await test.getByRole('button', { name: 'Send test' }).click();
      await expect(test.getByText('The provider accepted the test message.')).toBeVisible();
      expect(receiver.bodies).toHaveLength(1);
      expect(receiver.bodies[0]).toContain(message);
      await saveScreenshot(page, 'notify-admin-integration-test');
      await test.getByRole('button', { name: 'Close' }).click();
      // The row shows the integration's last delivery: that test send.
      await expect(row.getByTestId('last-delivery')).toContainText('Last delivery succeeded (test)');

      // Deactivate and activate again.
      const active = row.getByRole('switch', { name: 'Ops Discord active' });
      await active.click({ force: true });
      await expect(row).toContainText('Inactive');
      await active.click({ force: true });
      await expect(row).toContainText('Active');
    } finally {
      await receiver.close();
    }
  });

  test('rotates the secret key, shows it once, and the new key works', async ({ page }) => {
    await page.goto('/settings/notifications?tab=keys');
    await expect(page.getByTestId('application-identifier')).not.toBeEmpty();
    await page.getByRole('button', { name: 'Rotate secret key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the secret key?' });
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    const value = page.getByTestId('secret-key-value');
    await expect(value).toBeVisible();
    const secretKey = (await value.textContent())?.trim() ?? '';
    expect(secretKey.length).toBeGreaterThan(20);
    await expect(page.getByText(/only time it is shown/)).toBeVisible();
    await saveScreenshot(page, 'notify-admin-keys');

    const me = await page.request.get('/v1/environments/me', {
      headers: { authorization: `ApiKey ${secretKey}` },
    });
    expect(me.status()).toBe(200);

    await page.reload();
    await expect(page.getByTestId('application-identifier')).toBeVisible();
    await expect(page.getByTestId('secret-key-value')).toHaveCount(0);
    await expect(page.getByText(secretKey)).toHaveCount(0);
  });

  test("opens a trigger's jobs and execution details in the activity", async ({ page }) => {
    await page.goto('/settings/notifications');
    const credentials = await readStoredCredentials(page);
    const transactionId = `e2e-activity-${Date.now()}`;
    const sent = await page.request.post('/api/platform/notifications/events/trigger', {
      headers: { authorization: `Bearer ${credentials?.access_token}` },
      data: {
        name: 'system-announcement',
        to: { subscriberId: 'e2e-activity-subscriber', email: 'e2e@example.com' },
        payload: { title: 'Activity check' },
        transactionId,
      },
    });
    expect(sent.status()).toBe(201);
    // The queue runs the trigger right after it is accepted.
    await expect
      .poll(async () => {
        const list = await page.request.get(
          `/api/platform/notifications/activity?transactionId=${transactionId}`,
          {
            headers: { authorization: `Bearer ${credentials?.access_token}` },
          },
        );
        return ((await list.json()) as { data: { jobs: Record<string, number> }[] }).data[0]?.jobs.completed;
      })
      .toBe(1);

    await page.getByRole('tab', { name: 'Activity' }).click();
    const row = page.getByTestId('activity-row').filter({ hasText: transactionId });
    await expect(row).toBeVisible();
    await expect(row).toContainText('completed');
    await row.getByRole('button', { name: `Open trigger ${transactionId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Trigger details' });
    await expect(dialog.getByTestId('activity-jobs')).toContainText('e2e-activity-subscriber');
    await expect(dialog.getByTestId('execution-success')).toContainText('1007');
    await expect(dialog.getByTestId('execution-info')).toBeVisible();
    await expect(dialog.getByTestId('execution-errors')).toBeVisible();
    // Let the modal's opening transition finish before the picture.
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'notify-admin-activity');
  });
});

test.describe('notifications admin for members', () => {
  test.use({ actor: 'member' });

  test('members have no Notifications entry and the page tells them it is for admins', async ({ page }) => {
    await page.goto('/stations');
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Mailbox' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Notifications' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/settings/notifications');
    await expect(page.getByText('Only for admins')).toBeVisible();
  });
});
