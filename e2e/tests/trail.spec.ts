import { createIndustry, fetchCategories, findTenant } from '../api';
import { expect, expectNotice, test } from '../fixtures';

test('an industry edit made in the console is found in the audit log and opened with its changes marked', async ({
  signedInAsSite: page,
}) => {
  const name = `E2E Audit Works ${Date.now()}`;
  const enviro = await findTenant(page, 'Deccan Cement Works');
  const cement = (await fetchCategories(page)).find((category) => category.name === 'Cement')!;
  const id = await createIndustry(page, {
    name,
    industryId: cement.id,
    partnerId: enviro.partnerId,
    city: 'Pune',
  });

  await page.goto(`/accounts/tenant/${id}/view`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/new/tenants/partner/${id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Industry', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Pune');
  await page.getByRole('textbox', { name: 'City' }).fill('Thane');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectNotice(page, 'Tenant information updated successfully.');
  await expect(page).toHaveURL(new RegExp(`/accounts/tenant/${id}/view$`));

  await page.getByRole('button', { name: 'Audit menu' }).click();
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Industry' }).fill(name);
  await page.getByRole('option', { name: `${name} (Enviro Analytics Pvt Ltd)` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tenantId=${id}(&|$)`));

  const table = page.getByRole('table', { name: /^Audit log entries/ });
  await page.getByRole('button', { name: 'Action' }).click();
  await expect(page).toHaveURL(/sort=action/);
  await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveAttribute('aria-sort', 'ascending');
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Account #${id}`);
  await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('Created');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('Updated');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('admin@vayu.demo');
  await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText(name);

  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/auditDetails\/\d+$/);
  const entryId = /\/auditDetails\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: `Audit entry ${entryId}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Changed by/ })).toContainText('admin@vayu.demo');
  await expect(page.getByRole('row', { name: /^Action/ })).toContainText('Updated');
  await expect(page.getByRole('row', { name: /^Record/ })).toContainText(`Account #${id}`);

  const values = page.getByRole('table', { name: 'Old and new values: 1 changed field' });
  const city = values
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'city', exact: true }) });
  await expect(city.getByRole('deletion')).toHaveText('Pune');
  await expect(city.getByRole('insertion')).toHaveText('Thane');
  await expect(city.getByText('Changed', { exact: true })).toBeVisible();
  // The whole record is shown; only the city is marked as changed.
  const nameRow = values
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'name', exact: true }) });
  await expect(nameRow).toBeVisible();
  await expect(nameRow.getByText('Changed', { exact: true })).toHaveCount(0);
});
