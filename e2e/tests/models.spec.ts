import type { Page } from '@playwright/test';
import { CONSOLE_HEADERS, uniqueName } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/** A make of the test's own (`POST /api/make`), so the demo makes keep their models. */
async function createOwnMake(page: Page): Promise<{ id: number; name: string }> {
  const name = uniqueName('E2E Instruments');
  const response = await page.request.post('/api/make', {
    headers: CONSOLE_HEADERS,
    data: { name, type: 'Analyser' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, name };
}

test("a make's models: one is added with its model type and a parameter, then renamed", async ({
  signedInAsSite: page,
}) => {
  const make = await createOwnMake(page);
  const modelName = uniqueName('E2E GasTrak');

  await page.goto('/makes');
  const makeRow = page.getByRole('row', { name: new RegExp(make.name) });
  await makeRow.getByRole('link', { name: make.name }).click();
  await expect(page).toHaveURL(new RegExp(`/makes/${make.id}/models$`));
  await expect(page.getByRole('heading', { level: 1, name: `Models of ${make.name}` })).toBeVisible();
  await expect(page.getByText('This make has no models yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add model' }).click();
  await expect(page).toHaveURL(new RegExp(`/makes/${make.id}/models/add$`));
  const dialog = page.getByRole('dialog', { name: `Add model to ${make.name}` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(modelName);
  await pickOption(dialog.getByRole('textbox', { name: 'Model type' }), 'CEMS', { exact: true });
  const parameters = dialog.getByRole('textbox', { name: 'Parameters it measures' });
  await parameters.fill('Zero Drift');
  await page.getByRole('option', { name: /^Zero Drift/ }).click();
  // Close the options so they do not cover the buttons.
  await parameters.press('Escape');
  await dialog.getByRole('button', { name: 'Add model' }).click();
  await expectNotice(page, 'Model added.');
  await expect(page).toHaveURL(new RegExp(`/makes/${make.id}/models$`));

  const row = page.getByRole('row', { name: new RegExp(modelName) });
  await expect(row.getByRole('cell')).toHaveText([modelName, 'CEMS', '1', 'Edit']);

  await row.getByRole('button', { name: `Edit ${modelName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit model' });
  // The parameter already chosen shows by its name.
  await expect(edit.getByText('Zero Drift', { exact: true })).toBeVisible();
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${modelName} II`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Model updated.');
  const renamed = page.getByRole('row', { name: new RegExp(`${modelName} II`) });
  await expect(renamed.getByRole('cell')).toHaveText([`${modelName} II`, 'CEMS', '1', 'Edit']);

  // The make's count follows.
  await page.getByRole('link', { name: /All makes/ }).click();
  await expect(
    page
      .getByRole('row', { name: new RegExp(make.name) })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('1');
});
