import { uniqueName } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

test('a make is added, refused a second time under the same name and type, then renamed', async ({
  signedInAsSite: page,
}) => {
  const name = uniqueName('E2E Analytik');
  await page.goto('/makes');
  await expect(page.getByRole('table', { name: /^Makes \(\d+\)$/ })).toContainText('SICK');

  await page.getByRole('button', { name: 'Add make' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add make' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await pickOption(dialog.getByRole('textbox', { name: 'Type' }), 'Calibrator');
  await dialog.getByRole('button', { name: 'Add make' }).click();
  await expectNotice(page, 'Make added.');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Calibrator');

  await page.getByRole('button', { name: 'Add make' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name.toUpperCase());
  await pickOption(dialog.getByRole('textbox', { name: 'Type' }), 'Calibrator');
  await dialog.getByRole('button', { name: 'Add make' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
    'A make of this type with this name already exists.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit make' });
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} India`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Make updated.');
  await expect(page.getByRole('row', { name: new RegExp(`${name} India`) })).toBeVisible();
});

test('the model types list what the demo models measure, with their models counted', async ({
  signedInAsSite: page,
}) => {
  await page.goto('/model/types');
  const cems = page.getByRole('row', { name: /^CEMS / });
  await expect(cems).toContainText('Continuous emission monitoring of stacks');
  await expect(cems.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
});
