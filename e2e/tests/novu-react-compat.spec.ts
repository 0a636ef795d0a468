import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInWithApi, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

/**
 * The published `@novu/react` Inbox, unchanged, against our `/v1/inbox` API: the
 * current 3.19.2 (`index.html`) and the older 3.5.0 (`older.html`, which still sends User-Agent and
 * reads the unread count as a number). `compat/novu-react` holds the pages: `scripts/test-all.mjs`
 * installs that folder (npm ci) and bundles it; this spec bundles it again so the pages match
 * `compat/novu-react/src`. The pages are served from a second loopback origin, as a customer's
 * site embedding the Inbox would be, so CORS (the `Novu-*` headers) and the socket handshake are
 * those a real embed meets. Every change made in the page is read back from the server.
 */
const compat = resolve(import.meta.dirname, '../../compat/novu-react');
const dist = join(compat, 'dist');
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

type TConfig = { applicationIdentifier: string; subscriberId: string; subscriberHash: string | null };
type TNotification = { id: string; body: string; isRead: boolean; isArchived: boolean; isSnoozed: boolean };

let site: Server;
let siteUrl = '';

test.beforeAll(async () => {
  expect(
    existsSync(join(compat, 'node_modules/@novu/react')),
    'install the pages first: npm ci --prefix compat/novu-react --no-audit --no-fund',
  ).toBe(true);
  execFileSync(process.execPath, [join(compat, 'build.mjs')], { stdio: 'inherit' });
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

/** Opens a page for the admin's inbox; returns helpers reading the server's state back. */
async function openInbox(page: Page, baseURL: string, file: string) {
  const tokens = await signInWithApi(page, 'admin');
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const config = (await (
    await page.request.get('/api/platform/config', { headers: auth })
  ).json()) as TConfig;
  const opened = await page.request.post('/v1/inbox/session', {
    data: {
      applicationIdentifier: config.applicationIdentifier,
      subscriber: { subscriberId: config.subscriberId },
      subscriberHash: config.subscriberHash,
    },
  });
  expect(opened.status()).toBe(201);
  const api = {
    authorization: `Bearer ${((await opened.json()) as { data: { token: string } }).data.token}`,
  };
  const list = async (query = '') => {
    const response = await page.request.get(`/v1/inbox/notifications?limit=50${query}`, { headers: api });
    return ((await response.json()) as { data: TNotification[] }).data;
  };
  const find = async (title: string, query = '') => (await list(query)).find((n) => n.body.includes(title));
  const unread = async () => {
    const filters = encodeURIComponent(JSON.stringify([{ read: false, archived: false, snoozed: false }]));
    const response = await page.request.get(`/v1/inbox/notifications/count?filters=${filters}`, {
      headers: api,
    });
    return ((await response.json()) as { data: { count: number }[] }).data[0]?.count;
  };
  const announce = async (title: string) => {
    const sent = await page.request.post('/api/platform/notifications/announcements', {
      headers: auth,
      data: {
        title,
        body: 'Sent to the published Inbox.',
        audience: { userId: Number(config.subscriberId) },
      },
    });
    expect(sent.ok()).toBe(true);
  };
  const preferences = async () => {
    const response = await page.request.get('/v1/inbox/preferences', { headers: api });
    return (await response.json()) as {
      data: { level: string; channels: Record<string, boolean>; workflow?: { identifier: string } }[];
    };
  };

  const pageErrors: string[] = [];
  const failedCalls: string[] = [];
  const socketFrames: string[] = [];
  const calls: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    if (!response.url().startsWith(baseURL)) return;
    calls.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    if (response.status() >= 400) {
      failedCalls.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
    }
  });
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/'))
      socket.on('framereceived', (frame) => socketFrames.push(String(frame.payload)));
  });
  const query = new URLSearchParams({
    server: baseURL,
    app: config.applicationIdentifier,
    subscriber: config.subscriberId,
    hash: config.subscriberHash ?? '',
  });
  await page.goto(`${siteUrl}/${file}?${query}`);
  const bell = page.locator('.nv-bellContainer').first();
  await expect(bell).toBeVisible({ timeout: 20_000 });
  // Wait until the server has a socket of this subscriber (events before that would not arrive).
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
  const expectClean = () => {
    expect(pageErrors).toEqual([]);
    expect(failedCalls).toEqual([]);
  };
  return { bell, list, find, unread, announce, preferences, socketFrames, calls, expectClean };
}

const item = (page: Page, title: string) =>
  page.locator('.nv-notification').filter({ hasText: title }).first();

async function itemAction(page: Page, title: string, action: string) {
  const row = item(page, title);
  await row.hover();
  await row.locator(`.nv-notification${action}__button`).click();
}

const VERSIONS: [file: string, version: string][] = [
  ['index.html', '3.19.2'],
  ['older.html', '3.5.0'],
];
for (const [file, version] of VERSIONS) {
  test(`the published @novu/react ${version} Inbox works against our server`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const inbox = await openInbox(page, baseURL ?? '', file);
    const stamp = Date.now();
    const first = `React ${version} one ${stamp}`;
    const second = `React ${version} two ${stamp}`;

    // Session, list, counts: the popover lists what the server has.
    await inbox.announce(first);
    await expect.poll(() => inbox.find(first)).toBeTruthy();
    await inbox.bell.click();
    await expect(item(page, first)).toBeVisible({ timeout: 15_000 });
    expect(inbox.calls).toContain('POST /v1/inbox/session');
    expect(inbox.calls).toContain('GET /v1/inbox/notifications');

    // Live arrival over the socket, with the popover open, and the counts after it.
    const before = inbox.socketFrames.length;
    await inbox.announce(second);
    await expect
      .poll(() => inbox.socketFrames.slice(before).some((frame) => frame.includes('notification_received')))
      .toBe(true);
    await expect(async () => {
      const notice = page.locator('.nv-notificationListNewNotificationsNotice__button');
      if (await notice.isVisible()) await notice.click();
      await expect(item(page, second)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    expect(inbox.socketFrames.slice(before).some((frame) => frame.includes('unread_count_changed'))).toBe(
      true,
    );
    // 3.9+ refreshes its severity counts with /count; 3.5.0 takes the session's and the socket's.
    if (version !== '3.5.0') expect(inbox.calls).toContain('GET /v1/inbox/notifications/count');
    await saveScreenshot(page, `novu-react-${version}-popover`);

    // Read and unread, read back from the server.
    const unreadBefore = await inbox.unread();
    await itemAction(page, first, 'Read');
    await expect.poll(async () => (await inbox.find(first))?.isRead).toBe(true);
    expect(await inbox.unread()).toBe((unreadBefore ?? 0) - 1);
    await itemAction(page, first, 'Unread');
    await expect.poll(async () => (await inbox.find(first))?.isRead).toBe(false);

    // Archive, then unarchive from the Archived view.
    await itemAction(page, first, 'Archive');
    await expect.poll(async () => (await inbox.find(first, '&archived=true'))?.isArchived).toBe(true);
    await page.locator('.nv-inboxStatus__dropdownTrigger').click();
    await page.locator('.nv-inboxStatus__dropdownItem').filter({ hasText: 'Archived' }).click();
    await expect(item(page, first)).toBeVisible();
    await itemAction(page, first, 'Unarchive');
    await expect.poll(async () => (await inbox.find(first, '&archived=false'))?.isArchived).toBe(false);
    await page.locator('.nv-inboxStatus__dropdownTrigger').click();
    await page.locator('.nv-inboxStatus__dropdownItem').first().click();

    // Snooze for an hour: it leaves the list and the counts, and the server holds it snoozed.
    await expect(item(page, second)).toBeVisible();
    await item(page, second).hover();
    await item(page, second).locator('.nv-notificationSnooze__button').click();
    await page.getByText('An hour from now').click();
    await expect.poll(async () => (await inbox.find(second, '&snoozed=true'))?.isSnoozed).toBe(true);
    expect(await inbox.find(second, '&archived=false')).toBeUndefined();

    // Delete, through the same published client (the Inbox UI has no delete; 3.5.0's client
    // has none at all).
    const target = (await inbox.find(first)) as TNotification;
    if (version !== '3.5.0') {
      await page.evaluate(
        (notificationId) =>
          (
            window as unknown as { novu: { notifications: { delete(a: object): Promise<unknown> } } }
          ).novu.notifications.delete({ notificationId }),
        target.id,
      );
      await expect.poll(() => inbox.find(first)).toBeUndefined();
    }

    // Preferences: the screen lists our workflows; a change is saved on the server.
    await page.locator('.nv-preferences__button').click();
    await expect(page.getByText('System announcement').first()).toBeVisible();
    await saveScreenshot(page, `novu-react-${version}-preferences`);
    await page.evaluate(async () => {
      const novu = (window as unknown as { novu: { preferences: { list(): Promise<{ data: unknown[] }> } } })
        .novu;
      const { data } = await novu.preferences.list();
      const announcement = (
        data as { workflow?: { identifier: string }; update(a: object): Promise<unknown> }[]
      ).find((p) => p.workflow?.identifier === 'system-announcement');
      await announcement?.update({ channels: { in_app: false }, channelPreferences: { in_app: false } });
    });
    await expect
      .poll(async () => {
        const { data } = await inbox.preferences();
        return data.find((p) => p.workflow?.identifier === 'system-announcement')?.channels.in_app;
      })
      .toBe(false);
    await page.evaluate(async () => {
      const novu = (window as unknown as { novu: { preferences: { list(): Promise<{ data: unknown[] }> } } })
        .novu;
      const { data } = await novu.preferences.list();
      const announcement = (
        data as { workflow?: { identifier: string }; update(a: object): Promise<unknown> }[]
      ).find((p) => p.workflow?.identifier === 'system-announcement');
      await announcement?.update({ channels: { in_app: true }, channelPreferences: { in_app: true } });
    });
    await expect
      .poll(async () => {
        const { data } = await inbox.preferences();
        return data.find((p) => p.workflow?.identifier === 'system-announcement')?.channels.in_app;
      })
      .toBe(true);
    inbox.expectClean();
  });
}
