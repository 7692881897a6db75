import { createOwnIndustry, findTenant } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

test('a demo industry shows its stacks and ambient station with what the board asks about them', async ({
  signedInAsSite: page,
}) => {
  const deccan = await findTenant(page, 'Deccan Cement Works');
  await page.goto(`/accounts/tenant/${deccan.id}/view`);
  const points = page.getByRole('table', { name: /^Monitoring points \(\d+ of at most 200\)$/ });
  const kiln = points.getByRole('row', { name: /Kiln \/ Raw Mill Stack/ });
  await expect(kiln).toContainText('Stack height: 110 m');
  await expect(kiln).toContainText('Bag filter');
  await expect(points.getByRole('row', { name: /CAAQMS Plant Boundary/ })).toContainText('CAAQMS');
});

test('a monitoring point is added with the properties of its type, changed, then deleted after confirming', async ({
  signedInAsSite: page,
}) => {
  const industry = await createOwnIndustry(page, 'E2E Points Cement');
  await page.goto(`/accounts/tenant/${industry.id}/view`);
  await expect(page.getByText(/No monitoring points yet/)).toBeVisible();

  await page.getByRole('button', { name: 'Add monitoring point' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add monitoring point' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Kiln Stack 2');
  await pickOption(dialog.getByRole('textbox', { name: 'Type' }), 'Stack', { exact: true });
  await dialog.getByRole('textbox', { name: 'Stack height (m)' }).fill('96');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The diameter a stack must have is asked for before anything is sent.
  await expect(dialog.getByRole('textbox', { name: 'Stack diameter (m)' })).toHaveAccessibleDescription(
    'This field is required',
  );
  await dialog.getByRole('textbox', { name: 'Stack diameter (m)' }).fill('3.8');
  await pickOption(dialog.getByRole('textbox', { name: 'Air pollution control device' }), 'Bag filter');
  await dialog.getByRole('textbox', { name: 'Latitude' }).fill('21.1466');
  await dialog.getByRole('textbox', { name: 'Longitude' }).fill('79.0888');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Monitoring point added.');
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /Kiln Stack 2/ });
  await expect(row).toContainText('Stack height: 96 m · Stack diameter: 3.8 m');
  await expect(row).toContainText('21.1466, 79.0888');

  await row.getByRole('button', { name: 'Edit Kiln Stack 2' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit monitoring point' });
  await expect(edit.getByRole('textbox', { name: 'Stack height (m)' })).toHaveValue('96');
  await edit.getByRole('textbox', { name: 'Stack height (m)' }).fill('102');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Monitoring point updated.');
  await expect(row).toContainText('Stack height: 102 m');

  await row.getByRole('button', { name: 'Delete Kiln Stack 2' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete the monitoring point "Kiln Stack 2"?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Monitoring point deleted.');
  await expect(page.getByText(/No monitoring points yet/)).toBeVisible();
});
