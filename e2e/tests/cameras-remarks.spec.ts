import type { Page } from '@playwright/test';
import { CONSOLE_HEADERS, findTenant } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/** A demo industry the other browser tests leave alone: these tests add to it and clean up after. */
const INDUSTRY = 'Konkan Sahakari Sakhar Karkhana';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** `YYYY-MM-DD`, `days` after today in India (UTC+05:30), as the form's date field takes it. */
function inDays(days: number) {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('a camera is added at a demo industry’s stack, shown by its token’s last characters only, edited and deleted', async ({
  signedInAsSite: page,
}) => {
  const industry = await findTenant(page, INDUSTRY);
  const name = `Boiler stack camera ${unique()}`;
  const token = `ksk-cam-${unique()}-7f3e`;
  await page.goto(`/accounts/tenant/${industry.id}/view`);

  await page.getByRole('button', { name: 'Add camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add camera' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await pickOption(dialog.getByRole('textbox', { name: 'Monitoring point' }), 'Boiler Stack (Bagasse)');
  await dialog.getByRole('textbox', { name: 'Provision ID' }).fill(`HIK-${unique()}`);
  await dialog.getByRole('textbox', { name: 'Viewer ID' }).fill('VW-KSK-01');
  await dialog.getByLabel('Auth token').fill(token);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Camera added.');
  await expect(dialog).toBeHidden();

  const cameras = page.getByRole('table', { name: /^Cameras \(\d+ of at most 200\)$/ });
  const row = cameras.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('••••7f3e');
  await expect(row).toContainText('Boiler Stack (Bagasse)');
  // The token itself is nowhere on the page.
  await expect(page.getByText(token)).toHaveCount(0);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit camera' });
  await expect(edit.getByLabel('Auth token')).toHaveValue('');
  await expect(edit.getByText('Leave empty to keep the current token (••••7f3e).')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Viewer ID' }).fill('VW-KSK-02');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Camera updated.');
  await expect(row).toContainText('VW-KSK-02');
  await expect(row).toContainText('••••7f3e');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Delete the camera "${name}"?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Camera deleted.');
  await expect(row).toBeHidden();
});

/** The demo device the remark is about, with any remark an earlier run left open closed first. */
async function deviceForRemark(page: Page, tenantId: number) {
  const devices = await page.request.get(`/api/devices?tenantId=${tenantId}&search=Effluent`);
  expect(devices.ok()).toBe(true);
  const device = ((await devices.json()) as { items: { id: number; name: string }[] }).items[0];
  expect(device, `${INDUSTRY} has an effluent analyser`).toBeDefined();
  const open = await page.request.get(`/api/devices/offline/remarks?deviceId=${device!.id}&state=open`);
  for (const remark of ((await open.json()) as { items: { id: number }[] }).items) {
    await page.request.post(`/api/devices/offline/remarks/${remark.id}/resolve`, {
      headers: CONSOLE_HEADERS,
    });
  }
  return device!;
}

test('an offline remark is added for a demo device and its data marked restored', async ({
  signedInAsSite: page,
}) => {
  const industry = await findTenant(page, INDUSTRY);
  const device = await deviceForRemark(page, industry.id);
  const remark = `ETP outlet sensor fouled; cleaning ${unique()}`;
  await page.goto('/devices/offline/remark');
  await expect(page.getByRole('heading', { level: 1, name: 'Device offline remarks' })).toBeVisible();

  // The industry is chosen by name; it stays in the address.
  const picker = page.getByRole('textbox', { name: 'Industry' });
  await picker.fill('Konkan');
  await pickOption(picker, INDUSTRY);
  await expect(page).toHaveURL(new RegExp(`tenantId=${industry.id}`));

  await page.getByRole('button', { name: 'Add remark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add offline remark' });
  await pickOption(dialog.getByRole('textbox', { name: 'Device' }), new RegExp(`^${device.name} · `));
  await pickOption(dialog.getByRole('textbox', { name: 'Reason' }), 'Other', { exact: true });
  await dialog.getByLabel('Expected restoration').fill(inDays(-1));
  await dialog.getByRole('button', { name: 'Add remark' }).click();
  // Other needs the remark, and the date cannot be in the past: both said before anything is sent.
  await expect(dialog.getByRole('textbox', { name: 'Remark' })).toHaveAccessibleDescription(
    /Describe the reason in the remark when the reason is Other/,
  );
  await expect(dialog.getByLabel('Expected restoration')).toHaveAccessibleDescription(
    /The expected restoration cannot be before today/,
  );
  await dialog.getByRole('textbox', { name: 'Remark' }).fill(remark);
  await dialog.getByLabel('Expected restoration').fill(inDays(3));
  await dialog.getByRole('button', { name: 'Add remark' }).click();
  await expectNotice(page, 'Offline remark added.');
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(remark) });
  await expect(row).toContainText(device.name);
  await expect(row).toContainText('Other');
  await expect(row).toContainText('Open');

  await row.getByRole('button', { name: `Mark the data of ${device.name} restored` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Mark the data of "${device.name}" restored?` });
  await confirm.getByRole('button', { name: 'Mark restored' }).click();
  await expectNotice(page, 'Data marked restored.');
  await expect(row).toContainText('Resolved');
  await expect(row.getByRole('button', { name: /^Mark the data/ })).toHaveCount(0);
});
