import { fetchCategories } from '../api';
import { expect, expectNotice, test } from '../fixtures';

test('industry categories: add with trimmed name, duplicate refused, rename, delete', async ({
  signedInAsSite: page,
}) => {
  const name = `E2E Ceramics ${Date.now()}`;
  const renamed = `${name} and Tiles`;

  await page.getByRole('button', { name: 'Masters menu' }).click();
  await page.getByRole('menuitem', { name: 'Industry categories' }).click();
  await expect(page).toHaveURL(/\/industry-category$/);
  await expect(page.getByRole('heading', { name: 'Industry categories', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Industry Category' });
  await dialog.getByRole('textbox', { name: 'Category name' }).fill(`   ${name}   `);
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expectNotice(page, 'Updated successfully.');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  const created = (await fetchCategories(page)).find((category) => category.name === name);
  expect(created, 'the stored name is trimmed').toBeDefined();

  // The same name again, with other spaces around it, is refused and nothing is added.
  await page.getByRole('button', { name: 'Add Category' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Industry Category' });
  await dialog.getByRole('textbox', { name: 'Category name' }).fill(` ${name}`);
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog.getByText('Category already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await fetchCategories(page)).filter((category) => category.name === name)).toHaveLength(1);

  await page.getByRole('searchbox', { name: 'Filter' }).fill('E2E Ceramics');
  await expect(page).toHaveURL(/[?&]q=E2E/);
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Industry Category' });
  await expect(dialog.getByRole('textbox', { name: 'Category name' })).toHaveValue(name);
  await dialog.getByRole('textbox', { name: 'Category name' }).fill(`${renamed} `);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  expect((await fetchCategories(page)).find((category) => category.id === created!.id)?.name).toBe(renamed);

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm.getByText(`Do you really want to delete the category "${renamed}"?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toHaveCount(0);
  await expect(page.getByText('No category matches the filter')).toBeVisible();
  expect((await fetchCategories(page)).some((category) => category.id === created!.id)).toBe(false);
});
