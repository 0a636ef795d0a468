import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, signInWithApi, test } from '../fixtures/auth';
import { secondServer } from '../fixtures/second-server';

/** The unseen count the bell announces (0 without a badge). */
async function unseenOf(bell: Locator): Promise<number> {
  const label = (await bell.getAttribute('aria-label')) ?? '';
  const match = /\((\d+)\+? unseen notifications\)/.exec(label);
  return match ? Number(match[1]) : 0;
}

test.describe('the notification bell across a server restart', () => {
  const server = secondServer(Number(process.env.E2E_PORT ?? 54180) + 11);

  test.afterAll(async () => {
    await server.stop();
  });

  test('messages sent while the server was down are counted once it is back, and live ones arrive again', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    await server.start();
    // The member's dashboard is served by the second server; the admin sends through the first.
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const memberTokens = await signInWithApi(page, 'member');
    const me = await page.request.get('/api/auth/me', {
      headers: { authorization: `Bearer ${memberTokens.access_token}` },
    });
    const userId = Number(((await me.json()) as { id: number | string }).id);

    const adminLogin = await request.post('/api/auth/login', {
      data: { email: 'admin@forecourt.demo', password: 'forecourt-demo' },
    });
    const admin = (await adminLogin.json()) as { access_token: string };
    // Live messages are sent through the server the member's socket is on: without REDIS_URL two
    // processes share the database but not their socket events (docs/OPERATIONS.md, Topologies),
    // so a message worked by the first server would only be counted on the next read.
    const announce = async (through: APIRequestContext, title: string) => {
      const sent = await through.post('/api/platform/notifications/announcements', {
        headers: { authorization: `Bearer ${admin.access_token}` },
        data: { title, body: 'Sent during the restart scenario.', audience: { userId } },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    };

    await page.goto('/stations');
    const bell = page.getByRole('button', { name: /^Open notifications/ });
    await expect(bell).toBeVisible();
    // Start from nothing unseen, then one message arrives live.
    await bell.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark all as read' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => unseenOf(bell), { timeout: 20_000 }).toBe(0);
    const stamp = Date.now();
    await announce(page.request, `Before the restart — ${stamp}`);
    await expect.poll(() => unseenOf(bell), { timeout: 20_000 }).toBe(1);
    const before = 1;

    // The second server goes away; two messages are stored (by the first) while it is down.
    await server.stop();
    await announce(request, `While down 1 — ${stamp}`);
    await announce(request, `While down 2 — ${stamp}`);
    await server.start();

    // The inbox reconnects by itself and reads its counts again: both are counted, once.
    await expect.poll(() => unseenOf(bell), { timeout: 60_000 }).toBe(before + 2);
    await bell.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`While down 2 — ${stamp}`);
    await expect(dialog).toContainText(`While down 1 — ${stamp}`);
    // Looking at the feed marks what it shows seen: the badge clears while the popover is open.
    await expect.poll(() => unseenOf(bell), { timeout: 20_000 }).toBe(0);
    await page.keyboard.press('Escape');

    // And the socket is live again: a message sent through this server arrives without a reload.
    await announce(page.request, `After the restart — ${stamp}`);
    await expect.poll(() => unseenOf(bell), { timeout: 20_000 }).toBe(1);
    await context.close();
  });
});
