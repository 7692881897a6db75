import { findTenant } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/** A demo industry; the client added here is deleted by the test itself. */
const INDUSTRY = 'Tungabhadra Steel Ltd';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test('an edge client is added for a demo industry, a second one with its e-mail refused, a key shown once and revoked, and the client deleted', async ({
  signedInAsSite: page,
}) => {
  const industry = await findTenant(page, INDUSTRY);
  const email = `kiln-gateway-${unique()}@tungabhadrasteel.demo`;
  await page.goto('/edgeClientKey');
  await expect(page.getByRole('heading', { level: 1, name: 'IoT edge client keys' })).toBeVisible();

  // Add: e-mail, industry (searched by name) and keys allowed.
  await page.getByRole('button', { name: 'Add edge client' }).click();
  const add = page.getByRole('dialog', { name: 'Add edge client' });
  await add.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const picker = add.getByRole('textbox', { name: 'Industry' });
  await picker.fill('Tungabhadra');
  await pickOption(picker, new RegExp(`^${INDUSTRY}`));
  await add.getByRole('textbox', { name: 'Keys allowed' }).fill('2');
  await add.getByRole('button', { name: 'Add edge client' }).click();
  await expectNotice(page, 'Edge client added.');

  // The new client opens with no keys yet.
  const view = page.getByRole('dialog', { name: 'Edge client' });
  await expect(view).toContainText(email);
  await expect(view).toContainText(INDUSTRY);
  await expect(view.getByText('No keys yet.', { exact: false })).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();

  // The same e-mail, in capitals, is refused on its field.
  await page.getByRole('button', { name: 'Add edge client' }).click();
  await add.getByRole('textbox', { name: 'E-mail' }).fill(email.toUpperCase());
  await picker.fill('Tungabhadra');
  await pickOption(picker, new RegExp(`^${INDUSTRY}`));
  await add.getByRole('button', { name: 'Add edge client' }).click();
  await expect(add.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    /Email already exist/,
  );
  await expectNotice(page, 'Email already exist');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('0 / 2');
  await row.getByRole('button', { name: `View ${email}` }).click();
  await expect(view).toBeVisible();

  // A key is shown once, with the warning.
  await view.getByRole('button', { name: 'Generate key' }).click();
  const shown = page.getByRole('dialog', { name: 'New key' });
  await expect(shown.getByText('It will not be shown again', { exact: false })).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const token = (await shown.locator('pre').innerText()).trim();
  expect(token).toMatch(/^vek_[A-Za-z0-9_-]{43}$/);
  const hint = `••••${token.slice(-4)}`;
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  // Afterwards only its last characters are shown, and the API never answers it again.
  const keys = view.getByRole('table', { name: `Keys of ${email}` });
  const keyRow = keys.getByRole('row', { name: new RegExp(hint) });
  await expect(keyRow).toContainText('Live');
  await expect(page.getByText(token)).toHaveCount(0);
  const list = await page.request.get(`/api/allEdgeClient?tenantId=${industry.id}&search=${email}`);
  const client = ((await list.json()) as { items: { id: number; keyUsed: number }[] }).items[0]!;
  expect(client.keyUsed).toBe(1);
  const details = await page.request.get(`/api/getEdgeDetails/${client.id}`);
  expect(await details.text()).not.toContain(token);

  // Revoked after confirming: its place is free again.
  await keyRow.getByRole('button', { name: `Revoke key ${hint}` }).click();
  const confirmRevoke = page.getByRole('dialog').filter({ hasText: `Revoke the key ${hint}?` });
  await confirmRevoke.getByRole('button', { name: 'Revoke' }).click();
  await expectNotice(page, 'Key revoked.');
  await expect(keyRow).toContainText('Revoked');
  await expect(keyRow.getByRole('button', { name: /^Revoke key/ })).toHaveCount(0);
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('0 / 2');

  // Deleted after confirming.
  await row.getByRole('button', { name: `Delete ${email}` }).click();
  const confirmDelete = page.getByRole('dialog').filter({ hasText: `Delete the edge client "${email}"?` });
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Edge client deleted.');
  await expect(row).toBeHidden();
});
