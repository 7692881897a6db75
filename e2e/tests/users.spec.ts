import type { Locator } from '@playwright/test';
import { createOwnIndustry, createUser, fetchAccountUsers, findTenant, uniqueName } from '../api';
import { expect, expectNotice, test } from '../fixtures';

const USER_LIMIT = 'You have exhausted your user limit. Please upgrade your subscription or contact partner.';

/** The role cell and the primary marker of one user's row in the account's user table. */
function userRow(table: Locator, email: string) {
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: email, exact: true }) });
  return { row, role: row.getByRole('cell').nth(2), primary: row.getByText('Primary', { exact: true }) };
}

test.describe('primary user', () => {
  test('changing the primary user flips the roles, and it can be changed back', async ({
    signedInAsSite: page,
  }) => {
    const tenant = await createOwnIndustry(page, 'E2E Primary Works');
    const mail = (who: string) => `${who}.${uniqueName('x').replace(/\W/g, '')}@e2e.example`.toLowerCase();
    const ehs = await createUser(page, tenant.id, {
      name: uniqueName('EHS Head'),
      email: mail('ehs'),
      role: 'admin',
      primary: true,
    });
    const chemist = await createUser(page, tenant.id, {
      name: uniqueName('Shift Chemist'),
      email: mail('chemist'),
    });
    expect(ehs).toMatchObject({ isPrimary: true, role: 'admin' });
    expect(chemist).toMatchObject({ isPrimary: false, role: 'user' });

    await page.goto(`/accounts/tenant/${tenant.id}/view`);
    await expect(page.getByRole('heading', { name: tenant.name, level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users (2)' });
    const first = userRow(table, ehs.userName);
    const second = userRow(table, chemist.userName);
    await expect(first.role).toHaveText('Admin');
    await expect(first.primary).toBeVisible();
    await expect(second.role).toHaveText('User');
    await expect(second.primary).toBeHidden();

    await page.getByRole('button', { name: 'Change primary user' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change primary user' });
    await expect(dialog.getByRole('button', { name: 'Change' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'New primary user' }).click();
    // The current primary user is not offered.
    await expect(page.getByRole('option')).toHaveText([`${chemist.name} (${chemist.userName})`]);
    await page.getByRole('option', { name: `${chemist.name} (${chemist.userName})` }).click();
    await dialog.getByRole('button', { name: 'Change' }).click();
    await expectNotice(page, 'Primary user changed successfully');
    await expect(dialog).toBeHidden();

    await expect(second.role).toHaveText('Admin');
    await expect(second.primary).toBeVisible();
    await expect(first.role).toHaveText('User');
    await expect(first.primary).toBeHidden();
    const after = await fetchAccountUsers(page, tenant.id);
    expect(after.find((user) => user.id === chemist.id)).toMatchObject({ isPrimary: true, role: 'admin' });
    expect(after.find((user) => user.id === ehs.id)).toMatchObject({ isPrimary: false, role: 'user' });

    // And back.
    await page.getByRole('button', { name: 'Change primary user' }).click();
    dialog = page.getByRole('dialog', { name: 'Change primary user' });
    await dialog.getByRole('textbox', { name: 'New primary user' }).click();
    await page.getByRole('option', { name: `${ehs.name} (${ehs.userName})` }).click();
    await dialog.getByRole('button', { name: 'Change' }).click();
    await expect(dialog).toBeHidden();
    await expect(first.role).toHaveText('Admin');
    await expect(first.primary).toBeVisible();
    await expect(second.role).toHaveText('User');
    const restored = await fetchAccountUsers(page, tenant.id);
    expect(restored.find((user) => user.id === ehs.id)).toMatchObject({ isPrimary: true, role: 'admin' });
    expect(restored.find((user) => user.id === chemist.id)).toMatchObject({ isPrimary: false, role: 'user' });
  });
});

test.describe('adding users', () => {
  test('an industry at its user limit gets the limit message and no user', async ({
    signedInAsSite: page,
  }) => {
    const tenant = await findTenant(page, 'Vapi Agro Chemicals Pvt Ltd');
    const before = await fetchAccountUsers(page, tenant.id);
    const email = `limit.${Date.now()}@e2e.example`;

    await page.goto(`/accounts/tenant/${tenant.id}/view`);
    await expect(page.getByRole('table', { name: `Users (${before.length})` })).toBeVisible();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Shift Engineer');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Phone no.' }).fill('9876500011');
    await dialog.getByRole('button', { name: 'Add User' }).click();

    const limit = page.getByRole('dialog', { name: 'User limit reached' });
    await expect(limit.getByText(USER_LIMIT)).toBeVisible();
    await limit.getByRole('button', { name: 'OK' }).click();
    await expect(limit).toBeHidden();
    await expect(page.getByText('User Created Successfully.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('table', { name: `Users (${before.length})` })).toBeVisible();
    await expect(page.getByRole('cell', { name: email })).toHaveCount(0);
    const after = await fetchAccountUsers(page, tenant.id);
    expect(after.map((user) => user.userName)).toEqual(before.map((user) => user.userName));
  });

  test('a user added from the list of users joins the chosen account', async ({ signedInAsSite: page }) => {
    const tenant = await findTenant(page, 'Kaveri Pulp and Board Mills');
    const before = await fetchAccountUsers(page, tenant.id);
    const stamp = Date.now();
    const email = `Lab.Chemist.${stamp}@E2E.example`;

    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'List of Users', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByRole('textbox', { name: 'Account' }).fill('Kaveri');
    await page.getByRole('option', { name: /^Kaveri Pulp and Board Mills/ }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Lab Chemist ${stamp}`);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Phone no.' }).fill('9876500012');
    // Role stays at its default, User.
    await expect(dialog.getByRole('textbox', { name: 'Role' })).toHaveValue('User');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expectNotice(page, 'User Created Successfully.');
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search' }).fill(`${stamp}`);
    const row = page.getByRole('row').filter({ hasText: `Lab Chemist ${stamp}` });
    await expect(row.getByRole('cell').nth(1)).toHaveText(email.toLowerCase());
    await expect(row.getByRole('cell').nth(2)).toHaveText('+91 98765 00012');
    await expect(row.getByRole('cell').nth(3)).toHaveText('User');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Kaveri Pulp and Board Mills');

    const after = await fetchAccountUsers(page, tenant.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((user) => user.userName === email.toLowerCase())).toMatchObject({ role: 'user' });
  });
});
