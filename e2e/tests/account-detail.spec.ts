import { createPartner, findTenant, uniqueName } from '../api';
import { expect, expectNotice, test } from '../fixtures';

test("an industry's detail shows every value it was entered with, the phone written for India", async ({
  signedInAsSite: page,
}) => {
  const deccan = await findTenant(page, 'Deccan Cement Works');
  await page.goto(`/accounts/tenant/${deccan.id}/view`);
  await expect(page.getByRole('heading', { name: 'Deccan Cement Works', level: 1 })).toBeVisible();

  await expect(
    page.getByRole('region', { name: 'Contact', exact: true }).getByRole('definition'),
  ).toContainText(['ehs@deccancement.demo', '+91 98000 19962']);
  await expect(
    page.getByRole('region', { name: 'Address', exact: true }).getByRole('definition'),
  ).toContainText(['Industrial Area, Chandrapur', 'Chandrapur', 'Maharashtra', '442401', 'India']);
  await expect(page.getByRole('region', { name: 'Tax', exact: true }).getByRole('definition')).toHaveText([
    '27AADCD4821K1ZM',
  ]);
  await expect(
    page.getByRole('region', { name: 'Location', exact: true }).getByRole('definition'),
  ).toContainText(['19.9615', '79.2961', 'Asia/Kolkata']);
  await expect(page.getByText('No address entered')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Industry', exact: true }).getByRole('term')).toContainText([
    'Partner',
    'Category',
    'Working status',
  ]);
});

test("a partner's Edit opens the partner's own form and saves through the partner endpoint", async ({
  signedInAsSite: page,
}) => {
  const name = uniqueName('E2E Coastal Analytics');
  const id = await createPartner(page, { name, city: 'Chennai', contactNo: '914424960033' });
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') saves.push(new URL(request.url()).pathname);
  });

  await page.goto(`/accounts/partner/${id}/view`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Contact', exact: true }).getByRole('definition'),
  ).toContainText(['+91 44 2496 0033']);
  // Nothing of an industry on a partner.
  for (const industryOnly of ['Category', 'Working status', 'ioEYE tenant id']) {
    await expect(page.getByRole('term').filter({ hasText: industryOnly })).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Partner' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(dialog.getByRole('textbox', { name: 'Industry category' })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Country code' })).toHaveValue('India +91');
  await expect(dialog.getByRole('textbox', { name: 'Contact no.' })).toHaveValue('44 2496 0033');

  await dialog.getByRole('textbox', { name: 'City' }).fill('Chennai (Guindy)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Account details updated successfully');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Please correct the marked fields.')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Address', exact: true }).getByRole('definition'),
  ).toContainText(['Chennai (Guindy)']);
  expect(saves).toEqual([`/api/partners/${id}`]);
});
