import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, signInWithApi, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

/**
 * The inbox widget in the dashboard header, driven like a person would: the item menu, the
 * keyboard shortcuts, the tabs (stores), the preferences screen and a right-to-left language.
 * (The server restart is covered against a real server in
 * packages/inbox-core/src/restart.integration.test.ts: the e2e server is shared.)
 */

type Session = { page: Page; token: string; close: () => Promise<void> };

async function open(browser: Browser, actor: 'admin' | 'member', locale?: string): Promise<Session> {
  const context = await browser.newContext(locale ? { locale } : {});
  const page = await context.newPage();
  const tokens = await signInWithApi(page, actor);
  return { page, token: tokens.access_token, close: () => context.close() };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function userId(request: APIRequestContext, token: string): Promise<number> {
  const me = await request.get('/api/auth/me', { headers: auth(token) });
  return Number(((await me.json()) as { id: number | string }).id);
}

async function announce(admin: Session, toUserId: number, title: string) {
  const sent = await admin.page.request.post('/api/platform/notifications/announcements', {
    headers: auth(admin.token),
    data: { title, body: 'From the inbox widget scenarios.', audience: { userId: toUserId } },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

function bellOf(page: Page): Locator {
  return page.getByRole('button', { name: /^Open notifications/ });
}

async function openInbox(page: Page): Promise<Locator> {
  await page.goto('/stations');
  await bellOf(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

const itemWith = (dialog: Locator, text: string) => dialog.getByRole('article').filter({ hasText: text });

test.describe('the inbox widget', () => {
  test('the item menu and the keyboard mark read, unread and remove; removal survives a reload', async ({
    browser,
  }) => {
    const admin = await open(browser, 'admin');
    const member = await open(browser, 'member');
    const memberId = await userId(member.page.request, member.token);
    const first = `Pump 4 calibration — ${Date.now()}`;
    const second = `Shift handover — ${Date.now()}`;
    await announce(admin, memberId, first);
    await announce(admin, memberId, second);

    const dialog = await openInbox(member.page);
    const item = itemWith(dialog, first);
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.getByRole('button', { name: 'Message actions' }).click();
    await dialog.getByRole('menuitem', { name: 'Mark as read' }).click();
    await expect(item).toHaveAttribute('data-read', 'true');
    await item.getByRole('button', { name: 'Message actions' }).click();
    await dialog.getByRole('menuitem', { name: 'Mark as unread' }).click();
    await expect(item).toHaveAttribute('data-read', 'false');
    await saveScreenshot(member.page, 'inbox-widget-feed');

    // Keyboard: r toggles read on the focused message, Delete removes it.
    const other = itemWith(dialog, second);
    await other.focus();
    await member.page.keyboard.press('r');
    await expect(other).toHaveAttribute('data-read', 'true');
    await member.page.keyboard.press('r');
    await expect(other).toHaveAttribute('data-read', 'false');
    await member.page.keyboard.press('Delete');
    await expect(other).toHaveCount(0);

    await item.getByRole('button', { name: 'Message actions' }).click();
    await dialog.getByRole('menuitem', { name: 'Remove message' }).click();
    await expect(item).toHaveCount(0);

    // Escape closes and focus goes back to the bell.
    await member.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bellOf(member.page)).toBeFocused();

    const again = await openInbox(member.page);
    await expect(
      again.getByText('Nothing new to see here yet').or(again.getByRole('article').first()),
    ).toBeVisible();
    await expect(itemWith(again, first)).toHaveCount(0);
    await expect(itemWith(again, second)).toHaveCount(0);
    await admin.close();
    await member.close();
  });

  test('tabs: the Incidents tab shows only incident messages and has its own badge', async ({ browser }) => {
    const admin = await open(browser, 'admin');
    const member = await open(browser, 'member');
    const memberId = await userId(member.page.request, member.token);
    const stations = await member.page.request.get('/api/stations', { headers: auth(member.token) });
    const stationId = ((await stations.json()) as { results: { id: number }[] }).results[0]?.id;
    expect(stationId).toBeTruthy();

    const incidentTitle = `Nozzle leak at bay 2 — ${Date.now()}`;
    const created = await admin.page.request.post('/api/incidents', {
      headers: auth(admin.token),
      data: { stationId, type: 'dispenser_fault', severity: 'high', title: incidentTitle },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const announcement = `Monthly safety drill — ${Date.now()}`;
    await announce(admin, memberId, announcement);

    const dialog = await openInbox(member.page);
    const categories = dialog.getByRole('tablist', { name: 'Notification categories' });
    await expect(categories.getByRole('tab')).toHaveCount(2);
    await expect(categories.getByRole('tab', { selected: true })).toHaveText(/All/);
    await expect(itemWith(dialog, announcement)).toBeVisible({ timeout: 15_000 });
    await expect(itemWith(dialog, incidentTitle)).toBeVisible({ timeout: 15_000 });
    const incidentsTab = dialog.getByRole('tab', { name: /Incidents/ });
    await expect(incidentsTab.getByTestId('fc-inbox-tab-badge')).toBeVisible();

    await incidentsTab.click();
    await expect(incidentsTab).toHaveAttribute('aria-selected', 'true');
    await expect(itemWith(dialog, incidentTitle)).toBeVisible();
    await expect(itemWith(dialog, announcement)).toHaveCount(0);
    await saveScreenshot(member.page, 'inbox-widget-incidents-tab');

    // Opening the incident message follows its link into the dashboard.
    await itemWith(dialog, incidentTitle).getByText(incidentTitle).click();
    await expect(member.page).toHaveURL(/\/incidents\/\d+/);
    await admin.close();
    await member.close();
  });

  test('a preference switch is kept after a reload and honoured by the next delivery', async ({
    browser,
  }) => {
    const admin = await open(browser, 'admin');
    const member = await open(browser, 'member');
    const memberId = await userId(member.page.request, member.token);

    let dialog = await openInbox(member.page);
    await dialog.getByRole('button', { name: 'Settings' }).click();
    await expect(dialog.getByRole('heading', { name: 'Preferences', exact: true })).toBeVisible();
    const globalEmail = dialog.getByRole('switch', { name: 'Email for Global preferences' });
    await expect(globalEmail).toBeChecked();
    await globalEmail.click();
    await expect(globalEmail).not.toBeChecked();
    const announcements = dialog.getByRole('switch', { name: 'In-app for System announcement' });
    await expect(announcements).toBeChecked();
    await announcements.click();
    await expect(announcements).not.toBeChecked();
    await saveScreenshot(member.page, 'inbox-widget-preferences');

    await member.page.reload();
    await bellOf(member.page).click();
    dialog = member.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Settings' }).click();
    await expect(dialog.getByRole('switch', { name: 'Email for Global preferences' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'In-app for System announcement' })).not.toBeChecked();

    // Honoured: with in-app off, an announcement does not reach the inbox; on again, the next does.
    const muted = `Muted announcement — ${Date.now()}`;
    await announce(admin, memberId, muted);
    await dialog.getByRole('switch', { name: 'In-app for System announcement' }).click();
    await expect(dialog.getByRole('switch', { name: 'In-app for System announcement' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Back' }).click();
    const heard = `Heard announcement — ${Date.now()}`;
    await announce(admin, memberId, heard);
    await expect(itemWith(dialog, heard)).toBeVisible({ timeout: 15_000 });
    await expect(itemWith(dialog, muted)).toHaveCount(0);
    await admin.close();
    await member.close();
  });

  test('in an Arabic browser the inbox speaks Arabic, right to left', async ({ browser }) => {
    const member = await open(browser, 'member', 'ar-EG');
    await member.page.goto('/stations');
    const root = member.page.locator('.fc-inbox-root');
    await expect(root).toHaveAttribute('dir', 'rtl');
    const bell = root.locator('.fc-inbox-bell');
    await expect(bell).not.toHaveAttribute('aria-label', /Open notifications/);
    await bell.click();
    const dialog = member.page.getByRole('dialog');
    const title = dialog.getByRole('heading').first();
    await expect(title).toBeVisible();
    expect(await title.textContent()).not.toBe('Notifications');
    // The popover stays inside the viewport although the widget is right-to-left in an LTR page.
    const box = await dialog.boundingBox();
    const viewport = member.page.viewportSize();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport?.width ?? 0);
    await saveScreenshot(member.page, 'inbox-widget-rtl');
    await member.close();
  });

  test('archive and snooze: a message leaves the inbox, is listed in its tab after a reload, and comes back', async ({
    browser,
  }) => {
    const admin = await open(browser, 'admin');
    const member = await open(browser, 'member');
    const memberId = await userId(member.page.request, member.token);
    const archived = `Delivery note filed — ${Date.now()}`;
    const snoozed = `Price board check — ${Date.now()}`;
    await announce(admin, memberId, archived);
    await announce(admin, memberId, snoozed);

    let dialog = await openInbox(member.page);
    const views = () => dialog.getByRole('tablist', { name: 'Notification views' });
    await expect(itemWith(dialog, archived)).toBeVisible({ timeout: 15_000 });
    await itemWith(dialog, archived).getByRole('button', { name: 'Message actions' }).click();
    await dialog.getByRole('menuitem', { name: 'Archive', exact: true }).click();
    await expect(itemWith(dialog, archived)).toHaveCount(0);
    await itemWith(dialog, snoozed).getByRole('button', { name: 'Message actions' }).click();
    await dialog.getByRole('menuitem', { name: 'Snooze for 1 hour' }).click();
    await expect(itemWith(dialog, snoozed)).toHaveCount(0);

    // Read back from the server: after a reload neither is in the inbox; each is in its tab.
    await member.page.reload();
    dialog = await openInbox(member.page);
    await expect(
      dialog.getByRole('article').first().or(dialog.getByText('Nothing new to see here yet')),
    ).toBeVisible();
    await expect(itemWith(dialog, archived)).toHaveCount(0);
    await expect(itemWith(dialog, snoozed)).toHaveCount(0);
    await views().getByRole('tab', { name: 'Snoozed' }).click();
    await expect(itemWith(dialog, snoozed)).toBeVisible();
    await expect(itemWith(dialog, snoozed).getByTestId('fc-inbox-snoozed-until')).toContainText(
      'Snoozed until',
    );
    await views().getByRole('tab', { name: 'Archived' }).click();
    await expect(itemWith(dialog, archived)).toBeVisible();
    await saveScreenshot(member.page, 'inbox-widget-archived');

    // Back to the inbox: "Move to inbox" in the archive, Unsnooze in the snoozed list.
    await itemWith(dialog, archived).getByRole('button', { name: 'Message actions' }).click();
    await dialog.getByRole('menuitem', { name: 'Move to inbox' }).click();
    await expect(itemWith(dialog, archived)).toHaveCount(0);
    await views().getByRole('tab', { name: 'Snoozed' }).click();
    await itemWith(dialog, snoozed).getByRole('button', { name: 'Message actions' }).click();
    await dialog.getByRole('menuitem', { name: 'Unsnooze' }).click();
    await expect(itemWith(dialog, snoozed)).toHaveCount(0);
    await member.page.reload();
    dialog = await openInbox(member.page);
    await expect(itemWith(dialog, archived)).toBeVisible({ timeout: 15_000 });
    await expect(itemWith(dialog, snoozed)).toBeVisible();
    await admin.close();
    await member.close();
  });
});
