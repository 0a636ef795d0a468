import { expect, test } from '../fixtures/auth';
import { saveScreenshot } from '../fixtures/screenshots';

test.describe('station personnel', () => {
  test.use({ actor: 'admin' });

  test('adds a staff member, edits them and deactivates them', async ({ page }) => {
    await page.goto('/stations');
    const first = page.getByTestId('station-row').first().getByRole('link').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/\/stations\/[^/?]+/);
    const slug = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('link', { name: 'Personnel' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/stations/${slug}/personnel`));
    await expect(page.getByTestId('personnel-row').first()).toBeVisible();
    await saveScreenshot(page, 'personnel');

    const name = `E2E Staff ${Date.now() % 100_000}`;
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add staff member' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Cashier' }).click();
    await dialog.getByRole('combobox', { name: 'Shift' }).click();
    await page.getByRole('option', { name: /^Morning/ }).click();
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill('12345');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText(/Enter a 10-digit Indian mobile number/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill('098765 43210');
    await saveScreenshot(page, 'personnel-add');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`${name} was added to the staff.`)).toBeVisible();

    // Newest first to find the new row on the first page.
    await page.goto(`/stations/${slug}/personnel?sort=-createdAt`);
    const row = page.getByTestId('personnel-row').filter({ hasText: name });
    await expect(row).toContainText('Cashier');
    await expect(row).toContainText('+91 98765 43210');

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit staff member' });
    await edit.getByRole('combobox', { name: 'Shift' }).click();
    await page.getByRole('option', { name: /^Night/ }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} was updated.`)).toBeVisible();
    await expect(row).toContainText('Night');

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate this person?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(page.getByText(`${name} is marked inactive.`)).toBeVisible();
    await expect(row).toContainText('Inactive');
    await saveScreenshot(page, 'personnel-edited');
  });
});
