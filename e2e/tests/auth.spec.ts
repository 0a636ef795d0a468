import {
  ACTORS,
  DEMO_PASSWORD,
  decodePayload,
  expect,
  readStoredCredentials,
  signInThroughUi,
  type TActor,
  type TTokens,
  test,
  withPayload,
  writeStoredCredentials,
} from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

const nowSeconds = () => Math.floor(Date.now() / 1000);

test.describe('signing in and staying signed in', () => {
  test('sends a signed-out visitor to /login, signs in, and keeps the session across a reload', async ({
    page,
  }) => {
    // The station list is a deep link (the home page is `/`): sign-in comes back to it.
    await page.goto('/stations');
    await expect(page).toHaveURL(/\/login\?redirect_url=\/stations$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Forecourt' })).toBeVisible();
    await saveScreenshot(page, 'login');
    await page.getByText('Demo accounts').click();
    await expect(page.getByRole('button', { name: `Use ${ACTORS.member.email}` })).toBeVisible();
    await saveScreenshot(page, 'login-demo-accounts');

    await signInThroughUi(page, 'admin');
    await expect(page).toHaveURL(/\/stations$/);
    await expect(page.getByTestId('station-row').first()).toBeVisible();
    const stored = await readStoredCredentials(page);
    expect(stored?.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored?.refresh_token).toBeTruthy();

    await page.reload();
    await expect(page).toHaveURL(/\/stations$/);
    await expect(page.getByTestId('station-row').first()).toBeVisible();
    expect(await readStoredCredentials(page)).toEqual(stored);
  });

  test('explains a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACTORS.otherAdmin.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Email or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);
    await saveScreenshot(page, 'login-error');
  });

  test.describe('with a session', () => {
    test.use({ actor: 'admin' });

    test('renews an expired access token silently', async ({ page }) => {
      await page.goto('/stations');
      await expect(page.getByTestId('station-row').first()).toBeVisible();
      const real = await readStoredCredentials(page);
      // Same shape and refresh token, but the access token expired a minute ago.
      const expired = withPayload(real!.access_token, { exp: nowSeconds() - 60 });
      await writeStoredCredentials(page, { access_token: expired, refresh_token: real!.refresh_token });

      await page.goto('/stations?status=operational');
      await expect(page.getByTestId('station-row').first()).toBeVisible();
      const renewed = await readStoredCredentials(page);
      expect(renewed?.access_token).not.toBe(expired);
      // A refresh happened: the refresh token rotated. (The new access token can equal the first
      // one byte for byte when both were signed within the same second with the same claims.)
      expect(renewed?.refresh_token).not.toBe(real!.refresh_token);
      expect(Number(decodePayload(renewed!.access_token).exp)).toBeGreaterThan(nowSeconds());
    });

    test('renews the session when the server refuses a token the browser thought valid (401)', async ({
      page,
    }) => {
      await page.goto('/stations');
      await expect(page.getByTestId('station-row').first()).toBeVisible();
      // Let the page finish its own requests (the bell's settings come after the list): one asked
      // with the tampered token below would refresh on this page, not on the next.
      await page.waitForLoadState('networkidle');
      const real = await readStoredCredentials(page);
      // Still in date, but tampered with: the server answers 401 and the client refreshes once.
      const tampered = withPayload(real!.access_token, { exp: nowSeconds() + 600 });
      await writeStoredCredentials(page, { access_token: tampered, refresh_token: real!.refresh_token });

      const statuses: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/auth/extend')) statuses.push(response.status());
      });
      // (One navigation: leaving a page while its refresh is in flight would lose the rotated pair.)
      await page.goto('/stations?sort=-city');
      await expect(page.getByTestId('station-row').first()).toBeVisible();
      expect(statuses).toEqual([200]);
      expect((await readStoredCredentials(page))?.access_token).not.toBe(tampered);
    });

    test('sends an ended session to /login with redirect_url, and back to the page after signing in', async ({
      page,
    }) => {
      await page.goto('/stations');
      const firstLink = page.getByTestId('station-row').first().getByRole('link').first();
      const stationName = (await firstLink.textContent())?.trim() ?? '';
      expect(stationName).not.toBe('');
      await firstLink.click();
      await expect(page).toHaveURL(/\/stations\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1, name: stationName })).toBeVisible();
      const stationPath = new URL(page.url()).pathname;

      // Both tokens are corrupted: no renewal is possible.
      await writeStoredCredentials(page, {
        access_token: 'corrupted.token.value',
        refresh_token: 'corrupted',
      });
      await page.goto(`${stationPath}/metrics`);
      await expect(page).toHaveURL(/\/login\?redirect_url=/);
      expect(new URL(page.url()).searchParams.get('redirect_url')).toBe(`${stationPath}/metrics`);
      await expect(page.getByText('Your session expired, sign in again.')).toBeVisible();
      expect(await readStoredCredentials(page)).toBeNull();
      await saveScreenshot(page, 'login-session-expired');

      await signInThroughUi(page, 'admin');
      await expect(page).toHaveURL(new RegExp(`${stationPath}/metrics$`));
      await expect(page.getByRole('heading', { level: 1, name: stationName })).toBeVisible();
    });

    test('signs out on this device to /login?logout=true; the pages then need a new sign-in, other sessions go on', async ({
      page,
    }) => {
      const elsewhere = await loginElsewhere(page, 'admin');
      await page.goto('/stations');
      await expect(page.getByTestId('station-row').first()).toBeVisible();
      const before = await readStoredCredentials(page);
      await page.getByTestId('profile-menu').click();
      await expect(page.getByTestId('profile-summary')).toContainText(ACTORS.admin.email);
      await saveScreenshot(page, 'profile-menu');
      await page.getByRole('menuitem', { name: 'Sign out on this device' }).click();

      await expect(page).toHaveURL(/\/login\?logout=true$/);
      await expect(page.getByText('You have signed out.')).toBeVisible();
      expect(await readStoredCredentials(page)).toBeNull();

      // The server revoked this browser's refresh token, and only that one.
      expect(await extendStatus(page, before!.refresh_token)).toBe(401);
      expect(await extendStatus(page, elsewhere.refresh_token)).toBe(200);

      await page.goto('/stations');
      await expect(page).toHaveURL(/\/login\?redirect_url=\/stations$/);
    });

    test('signs out everywhere: this browser and every other session of the account end', async ({
      page,
    }) => {
      const elsewhere = await loginElsewhere(page, 'admin');
      await page.goto('/stations');
      await expect(page.getByTestId('station-row').first()).toBeVisible();
      const before = await readStoredCredentials(page);
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();

      await expect(page).toHaveURL(/\/login\?logout=true$/);
      await expect(page.getByText('You have signed out.')).toBeVisible();
      expect(await readStoredCredentials(page)).toBeNull();

      // Both refresh tokens are revoked, and the other session's access token no longer works.
      expect(await extendStatus(page, before!.refresh_token)).toBe(401);
      expect(await extendStatus(page, elsewhere.refresh_token)).toBe(401);
      const me = await page.request.get('/api/auth/me', {
        headers: { authorization: `Bearer ${elsewhere.access_token}` },
      });
      expect(me.status()).toBe(401);

      await page.goto('/stations');
      await expect(page).toHaveURL(/\/login\?redirect_url=\/stations$/);
    });
  });
});

test.describe('what a member sees', () => {
  test('a member sees fewer stations and fewer actions than an admin', async ({ page, signInAs }) => {
    const countStations = async () => {
      await page.goto('/stations');
      await expect(page.getByTestId('station-row').first()).toBeVisible();
      const total = await page.getByText(/^\d[\d,]* stations?$/).textContent();
      return Number((total ?? '').replace(/[^\d]/g, ''));
    };

    await signInAs('admin');
    const adminStations = await countStations();
    await saveScreenshot(page, 'stations-admin');
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Members' })).toBeVisible();
    await page.keyboard.press('Escape');

    await signInAs('member');
    const memberStations = await countStations();
    await saveScreenshot(page, 'stations-member');
    expect(memberStations).toBeGreaterThan(0);
    expect(memberStations).toBeLessThan(adminStations);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-summary')).toContainText('Member');
    await expect(page.getByRole('menuitem', { name: 'Mailbox' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/settings/members');
    await expect(page.getByText('Only for admins')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  });
});

test.describe('members and the mailbox', () => {
  test.use({ actor: 'admin' });

  test('an admin invites a member, and the invitation waits in the mailbox', async ({ page }) => {
    const email = `invitee-${Date.now()}@forecourt.demo`;
    await page.goto('/stations');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/settings\/members$/);
    await expect(page.getByTestId('member-row').first()).toBeVisible();
    await saveScreenshot(page, 'members');

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Stations' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'members-invite');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(page.getByTestId('member-row').filter({ hasText: email })).toContainText('Invited');

    await page.getByRole('link', { name: 'Mailbox' }).click();
    const message = page.getByTestId('mailbox-message').filter({ hasText: email }).first();
    await expect(message).toBeVisible();
    await message.getByRole('link').click();
    const view = page.getByTestId('mailbox-message-view');
    await expect(view).toContainText(email);
    await expect(view.getByRole('link', { name: /\/signup\?invitation=/ })).toBeVisible();
    await saveScreenshot(page, 'mailbox');
  });
});

test.describe('forgotten password', () => {
  test('a reset link arrives in the mailbox; the member sets a new password and signs in with it', async ({
    page,
    signInAs,
  }) => {
    const newPassword = `pump-and-gauge-${Date.now()}`;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(ACTORS.member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    // With no mail server, mail waits in the recipient's own Mailbox (an admin sees only that it was
    // sent): the member, still holding the old password here, reads it there.
    await signInAs('member');
    await page.goto('/mailbox');
    const message = page
      .getByTestId('mailbox-message')
      .filter({ hasText: ACTORS.member.email })
      .filter({ hasText: /password/i })
      .first();
    await message.getByRole('link').click();
    const resetLink = page
      .getByTestId('mailbox-message-view')
      .getByRole('link', { name: /reset-password\?token=/ });
    await expect(resetLink).toBeVisible();
    const href = (await resetLink.getAttribute('href')) ?? '';
    expect(new URL(href).pathname).toBe('/reset-password');

    await page.goto(href);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    // The link is single use.
    await page.goto(href);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`${newPassword}-again`);
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(`${newPassword}-again`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
    await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();

    await page.goto('/login');
    await signInThroughUi(page, 'member', newPassword);
    await expect(page.getByTestId('station-row').first()).toBeVisible();

    // Put the demo password back for the other scenarios, the same way.
    await restoreMemberPassword(page, newPassword);
  });
});

/**
 * A second reset through the API, as the member: request it, read the new mail in their own
 * outbox (nobody else may read its link), set the demo password again.
 */
async function restoreMemberPassword(page: import('@playwright/test').Page, currentPassword: string) {
  const login = await page.request.post('/api/auth/login', {
    data: { email: ACTORS.member.email, password: currentPassword },
  });
  expect(login.status(), 'the member signs in with the current password').toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const resetMails = async () => {
    const outbox = await page.request.get('/api/outbox?limit=20', {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(outbox.status()).toBe(200);
    const { results } = (await outbox.json()) as {
      results: { id: number; to: string; subject: string; text: string }[];
    };
    return results.filter((item) => item.to === ACTORS.member.email && /password/i.test(item.subject));
  };
  const seen = new Set((await resetMails()).map((mail) => mail.id));

  const request = await page.request.put('/api/auth/password/reset', {
    data: { email: ACTORS.member.email },
  });
  expect(request.status()).toBe(202);
  // The mail is written after the answer: wait for it.
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await resetMails()).find((mail) => !seen.has(mail.id));
        token = /reset-password\?token=([\w-]+)/.exec(fresh?.text ?? '')?.[1];
        return token;
      },
      { message: "a fresh reset token in the member's own mail", timeout: 20_000 },
    )
    .toBeTruthy();
  const reset = await page.request.post('/api/auth/password/reset', {
    headers: { authorization: `Bearer ${token}` },
    data: { password: DEMO_PASSWORD },
  });
  expect(reset.status()).toBe(200);
}

/** A second session of the same account, as another browser would hold it (not stored in this page). */
async function loginElsewhere(page: import('@playwright/test').Page, actor: TActor): Promise<TTokens> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: ACTORS[actor].email, password: DEMO_PASSWORD },
  });
  expect(response.status(), `second login of ${actor}`).toBe(200);
  return (await response.json()) as TTokens;
}

/** The answer to renewing a session with this refresh token (200 while the session lives, 401 once ended). */
async function extendStatus(page: import('@playwright/test').Page, refreshToken: string): Promise<number> {
  const response = await page.request.put('/api/auth/extend', { data: { refresh_token: refreshToken } });
  return response.status();
}
