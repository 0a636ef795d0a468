import { expect, signInWithApi, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('the notification bell', () => {
  test('an announcement to one member raises only that member’s badge, live, and opens in the popover', async ({
    browser,
  }) => {
    // Two people in two browsers: the member who gets the announcement, and the admin who does not.
    const memberContext = await browser.newContext();
    const adminContext = await browser.newContext();
    const member = await memberContext.newPage();
    const admin = await adminContext.newPage();
    const memberTokens = await signInWithApi(member, 'member');
    const adminTokens = await signInWithApi(admin, 'admin');
    await member.goto('/stations');
    await admin.goto('/stations');
    const memberBell = member.getByRole('button', { name: /^Open notifications/ });
    const adminBell = admin.getByRole('button', { name: /^Open notifications/ });
    await expect(memberBell).toBeVisible();
    await expect(adminBell).toBeVisible();
    // The admin starts with nothing unseen (earlier scenarios notify admins too), so a rise would show.
    await adminBell.click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark all as read' }).click();
    await admin.keyboard.press('Escape');
    await expect(adminBell).toHaveAttribute('aria-label', 'Open notifications');
    const adminLabelBefore = await adminBell.getAttribute('aria-label');

    const me = await member.request.get('/api/auth/me', {
      headers: { authorization: `Bearer ${memberTokens.access_token}` },
    });
    const userId = Number(((await me.json()) as { id: number | string }).id);
    const title = `Tank dip at 14:00 — ${Date.now()}`;
    const sent = await admin.request.post('/api/platform/notifications/announcements', {
      headers: { authorization: `Bearer ${adminTokens.access_token}` },
      data: { title, body: 'Record the dip readings in the register.', audience: { userId } },
    });
    expect(sent.ok()).toBe(true);

    // The member's badge rises through the socket, without a reload.
    await expect(memberBell).toHaveAttribute('aria-label', /unseen notifications/, { timeout: 15_000 });
    await memberBell.click();
    const dialog = member.getByRole('dialog');
    await expect(dialog).toContainText(title);
    await saveScreenshot(member, 'inbox-popover');
    await member.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(memberBell).toBeFocused();

    // The admin was not addressed: the badge is as it was.
    expect(await adminBell.getAttribute('aria-label')).toBe(adminLabelBefore);
    await memberContext.close();
    await adminContext.close();
  });
});
