import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInWithApi, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

/**
 * The published `@novu/notification-center@2.0.0`, unchanged, against our server.
 * `compat/notification-center/dist` is its test page: `scripts/test-all.mjs` installs that folder
 * (npm ci) and bundles it; this spec bundles it again (under a second) so the page always matches
 * `compat/notification-center/src`. The page is served here from a
 * second loopback origin, as a customer's site embedding the widget would be, so CORS and the
 * socket handshake are those a real embed meets.
 */
const compat = resolve(import.meta.dirname, '../../compat/notification-center');
const dist = join(compat, 'dist');
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

type TPlatformConfig = {
  applicationIdentifier: string;
  subscriberId: string;
  subscriberHash: string | null;
};
type TFeedItem = { _id: string; content: string; read: boolean; seen: boolean };

let site: Server;
let siteUrl = '';

test.beforeAll(async () => {
  expect(
    existsSync(join(compat, 'node_modules/@novu/notification-center')),
    'install the page first: npm ci --prefix compat/notification-center --no-audit --no-fund',
  ).toBe(true);
  execFileSync(process.execPath, [join(compat, 'build.mjs')], { stdio: 'inherit' });
  expect(existsSync(join(dist, 'main.js'))).toBe(true);
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dist) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => site?.close(done));
});

type TWidget = Awaited<ReturnType<typeof openWidget>>;

/**
 * Signs in as the admin, opens the compat page with the admin's inbox settings (as the web app's
 * header bell gets them from /api/platform/config) and waits until the server has the page's socket
 * in the subscriber's room. Returns helpers that read the server's state back through the test's
 * own inbox session, and the lists of page errors, failed calls and socket frames.
 */
async function openWidget(page: Page, baseURL: string) {
  const tokens = await signInWithApi(page, 'admin');
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const configResponse = await page.request.get('/api/platform/config', { headers: auth });
  expect(configResponse.status()).toBe(200);
  const config = (await configResponse.json()) as TPlatformConfig;

  const init = await page.request.post('/v1/widgets/session/initialize', {
    data: {
      applicationIdentifier: config.applicationIdentifier,
      subscriberId: config.subscriberId,
      hmacHash: config.subscriberHash,
    },
  });
  expect(init.status()).toBe(201);
  const token = ((await init.json()) as { data: { token: string } }).data.token;
  const widgetAuth = { authorization: `Bearer ${token}` };
  const count = async (kind: 'unseen' | 'unread') => {
    const response = await page.request.get(`/v1/widgets/notifications/${kind}`, { headers: widgetAuth });
    return ((await response.json()) as { data: { count: number } }).data.count;
  };
  const feed = async () => {
    const response = await page.request.get('/v1/widgets/notifications/feed', { headers: widgetAuth });
    return ((await response.json()) as { data: TFeedItem[] }).data;
  };
  const announce = async (title: string) => {
    // The system-announcement workflow: the same trigger path as /v1/events/trigger.
    const sent = await page.request.post('/api/platform/notifications/announcements', {
      headers: auth,
      data: {
        title,
        body: 'Sent to the published widget.',
        audience: { userId: Number(config.subscriberId) },
      },
    });
    expect(sent.ok()).toBe(true);
  };

  // Everything the widget asks of our server must succeed, and its socket must carry the news.
  const pageErrors: string[] = [];
  const failedCalls: string[] = [];
  const socketFrames: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    if (response.url().startsWith(baseURL) && response.status() >= 400) {
      failedCalls.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
    }
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', (frame) => socketFrames.push(String(frame.payload)));
  });
  const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
  const query = new URLSearchParams({
    server: baseURL,
    app: config.applicationIdentifier,
    subscriber: config.subscriberId,
    hash: config.subscriberHash ?? '',
  });
  await page.goto(`${siteUrl}/?${query}`);
  const bell = page.locator('[data-test-id="notification-bell"]');
  await expect(bell).toBeVisible();

  // The server joins a socket to the subscriber's room only after checking its token, so wait
  // until it says the subscriber is online: an event sent before that would not reach the page.
  await socketOpened;
  await expect
    .poll(async () => {
      const search = await page.request.get(
        `/api/platform/notifications/subscriber-search?q=${encodeURIComponent(config.subscriberId)}`,
        { headers: auth },
      );
      const found = ((await search.json()) as { data: { subscriberId: string; isOnline: boolean }[] }).data;
      return found.find((entry) => entry.subscriberId === config.subscriberId)?.isOnline;
    })
    .toBe(true);

  /** Nothing went wrong in the page or in its calls to our server. */
  const expectClean = () => {
    expect(pageErrors).toEqual([]);
    expect(failedCalls).toEqual([]);
  };
  return { bell, count, feed, announce, socketFrames, expectClean };
}

const listItem = (page: Page, title: string) =>
  page.locator('[data-test-id="notification-list-item"]').filter({ hasText: title });

async function findMessage(widget: TWidget, title: string): Promise<TFeedItem> {
  let found: TFeedItem | undefined;
  await expect
    .poll(async () => {
      found = (await widget.feed()).find((entry) => entry.content.includes(title));
      return found !== undefined;
    })
    .toBe(true);
  return found as TFeedItem;
}

test('the published notification-center 2.0.0 shows, opens and marks read a notification from our server', async ({
  page,
  baseURL,
}) => {
  const widget = await openWidget(page, baseURL ?? '');
  const title = `Compat check ${Date.now()}`;
  await widget.announce(title);
  await expect.poll(() => widget.count('unseen')).toBeGreaterThan(0);
  const unseen = await widget.count('unseen');

  // The bell's dot comes through the socket, without a reload.
  await expect(widget.bell.locator('.nc-bell-button-dot')).toBeVisible({ timeout: 15_000 });
  expect(widget.socketFrames.some((frame) => frame.includes('notification_received'))).toBe(true);
  expect(widget.socketFrames.some((frame) => frame.includes('unseen_count_changed'))).toBe(true);
  await widget.bell.click();
  await expect(page.locator('[data-test-id="unseen-count-label"]')).toHaveText(String(Math.min(unseen, 99)));
  const item = listItem(page, title);
  await expect(item).toBeVisible();
  await saveScreenshot(page, 'notification-center-compat-popover');

  const message = await findMessage(widget, title);
  expect(message.read).toBe(false);

  // Clicking it marks it read on our server.
  await item.click();
  await expect
    .poll(async () => (await widget.feed()).find((entry) => entry._id === message._id)?.read)
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { compatEvents: unknown[] }).compatEvents)).toEqual([
    { type: 'click', id: message._id },
  ]);

  // The preferences screen (cog) lists the subscriber's workflows from our server.
  await page.locator('[data-test-id="user-preference-cog"]').click();
  await expect(page.locator('[data-test-id="workflow-list-item"]').first()).toBeVisible();
  await saveScreenshot(page, 'notification-center-compat-preferences');
  widget.expectClean();
});

test('the published notification-center 2.0.0 removes a message and marks all read on our server', async ({
  page,
  baseURL,
}) => {
  const widget = await openWidget(page, baseURL ?? '');
  const stamp = Date.now();
  const keep = `Compat keep ${stamp}`;
  const drop = `Compat remove ${stamp}`;
  await widget.announce(keep);
  await widget.announce(drop);
  const kept = await findMessage(widget, keep);
  const dropped = await findMessage(widget, drop);

  await expect(widget.bell.locator('.nc-bell-button-dot')).toBeVisible({ timeout: 15_000 });
  await widget.bell.click();
  await expect(listItem(page, keep)).toBeVisible();
  await expect(listItem(page, drop)).toBeVisible();

  // The item's menu → "Remove message": gone from the server's feed, and from the list when the
  // popover is opened again (the menu's portal counts as a click outside, which closes the popover).
  await listItem(page, drop).locator('[data-test-id="notification-dots-button"]').click();
  await page.locator('[data-test-id="notification-remove-message"]').click();
  await expect.poll(async () => (await widget.feed()).some((entry) => entry._id === dropped._id)).toBe(false);
  await expect(async () => {
    // Closing animates, so look again after a moment; open it when it is closed.
    await page.waitForTimeout(300);
    if (!(await listItem(page, keep).isVisible())) await widget.bell.click();
    await expect(listItem(page, keep)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(listItem(page, drop)).toHaveCount(0);

  // "Mark all as read": every message read on the server, the unread count zero.
  expect(await widget.count('unread')).toBeGreaterThan(0);
  await page.locator('[data-test-id="notifications-header-mark-all-as-read"]').click();
  await expect.poll(() => widget.count('unread')).toBe(0);
  expect((await widget.feed()).find((entry) => entry._id === kept._id)?.read).toBe(true);
  await saveScreenshot(page, 'notification-center-compat-all-read');
  widget.expectClean();
});
