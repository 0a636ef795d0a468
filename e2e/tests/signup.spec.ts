import { expect, signInThroughUi, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('self-service signup', () => {
  test('signs up, sets up an organisation, and confirms the email from the mailbox', async ({ page }) => {
    const email = `owner-${Date.now()}@example.com`;
    const password = `tank-and-nozzle-${Date.now()}`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Meera');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Iyer');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await saveScreenshot(page, 'signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    // Signing in without an organisation leads to organisation signup (the org-missing answer).
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signup\/organization$/);
    // The app keeps sending the user there until the organisation exists.
    await page.goto('/stations');
    await expect(page).toHaveURL(/\/signup\/organization$/);

    await page.getByRole('textbox', { name: 'Organisation name' }).fill(`Iyer Fuels ${Date.now()}`);
    await page.getByRole('combobox', { name: 'Kind of organisation' }).click();
    await page.getByRole('option', { name: /Fleet operator/ }).click();
    await saveScreenshot(page, 'signup-organization');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await expect(page).toHaveURL(/\/stations$/);
    await expect(page.getByText('No stations yet')).toBeVisible();

    // Now an admin of the new organisation, with the email still to confirm.
    const banner = page.getByTestId('verify-email-banner');
    await expect(banner).toContainText(email);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-summary')).toContainText('Admin');
    await expect(page.getByRole('menuitem', { name: 'Members' })).toBeVisible();
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'verify-email-banner');
    await banner.getByRole('button', { name: 'Resend verification' }).click();
    await expect(banner).toContainText('A new link is on its way');

    await page.goto('/mailbox');
    const mail = page.getByTestId('mailbox-message').filter({ hasText: email });
    await expect(mail.first()).toBeVisible();
    await mail.first().getByRole('link').click();
    const link = page.getByTestId('mailbox-message-view').getByRole('link', { name: /verify-email\?token=/ });
    await link.click();
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to Forecourt' }).click();
    await expect(page).toHaveURL(/\/stations$/);
    await expect(page.getByText('No stations yet')).toBeVisible();
    await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);

    // The same link a second time is spent.
    await page.goBack();
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');

    // And the account signs in again later straight into its organisation.
    await page.goto('/stations');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out on this device' }).click();
    await expect(page).toHaveURL(/logout=true/);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/stations$/);
  });

  test('an invited person joins through the invitation link', async ({ page, signInAs }) => {
    const email = `cashier-${Date.now()}@forecourt.demo`;
    await signInAs('admin');
    await page.goto('/settings/members');
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Stations' }).click();
    await page.getByRole('option').nth(1).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

    await page.goto('/mailbox');
    await page.getByTestId('mailbox-message').filter({ hasText: email }).first().getByRole('link').click();
    const href = await page
      .getByTestId('mailbox-message-view')
      .getByRole('link', { name: /signup\?invitation=/ })
      .getAttribute('href');

    // The admin signs out; the invited person opens the link in this browser.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out on this device' }).click();
    await expect(page).toHaveURL(/logout=true/);
    await page.goto(`${href}&email=${encodeURIComponent(email)}`);
    await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill('Kiran');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Rao');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('diesel-and-premium-9');
    await page.getByRole('button', { name: 'Join your organisation' }).click();

    // A member with one station lands on that station's overview; the list holds just that one.
    await expect(page).toHaveURL(/\/stations\/[^/]+$/);
    await page.goto('/stations');
    await expect(page.getByTestId('station-row')).toHaveCount(1);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-summary')).toContainText('Kiran Rao');
    await expect(page.getByTestId('profile-summary')).toContainText('Member');
    await expect(page.getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
  });
});

test('keeps a signed-in person away from the sign-in form', async ({ page }) => {
  await page.goto('/login');
  await signInThroughUi(page, 'otherAdmin');
  await page.goto('/login');
  // On to the admin's home page, the command centre.
  await expect(page).toHaveURL(/\/command$/);
});
