import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  CONSOLE_HEADERS,
  createIndustry,
  createOwnIndustry,
  createUser,
  fetchCategories,
  fetchPartners,
  uniqueName,
} from '../api';
import { expect, test } from '../fixtures';

/** Clicks the list's "Export CSV" and reads the file the browser saves: its name and its rows by header. */
async function exportList(page: Page) {
  const button = page.getByRole('button', { name: 'Export CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile(await download.path());
  // The file starts with a byte order mark, so that Excel reads it as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
  // The button is ready again once the file is saved.
  await expect(button).toBeEnabled();
  return { fileName: download.suggestedFilename(), rows };
}

test.describe('CSV export', () => {
  test('exports the industries the list shows under its filters', async ({ signedInAsSite: page }) => {
    const enviro = (await fetchPartners(page)).find(
      (partner) => partner.name === 'Enviro Analytics Pvt Ltd',
    )!;
    const cement = (await fetchCategories(page)).find((category) => category.name === 'Cement')!;
    const tag = uniqueName('E2E Export').replace(/\s+/g, ' ');
    const names = [`${tag} Alpha Works`, `${tag} Beta Works`, `${tag} Gamma Works`];
    const ids: number[] = [];
    for (const name of names) {
      ids.push(
        await createIndustry(page, { name, industryId: cement.id, partnerId: enviro.id, city: 'Nagpur' }),
      );
    }
    // Beta is disabled; the list filtered to disabled industries shows it alone.
    const disabled = await page.request.post(`/api/changeTenantStatus/${ids[1]}`, {
      headers: CONSOLE_HEADERS,
      data: { status: 'DISABLED' },
    });
    expect(disabled.ok()).toBe(true);

    await page.goto(`/tenants?search=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('link', { name: names[0] })).toBeVisible();
    const all = await exportList(page);
    expect(all.fileName).toMatch(/^tenants-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(all.rows.map((row) => row.Name)).toEqual(names);
    expect(all.rows[0]).toMatchObject({
      ID: String(ids[0]),
      Partner: enviro.name,
      'Industry category': 'Cement',
      City: 'Nagpur',
      State: 'Maharashtra',
      Status: 'Enabled',
    });

    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Disabled').click();
    await expect(page).toHaveURL(/[?&]status=DISABLED(&|$)/);
    await expect(page.getByRole('link', { name: names[0] })).toBeHidden();
    const onlyDisabled = await exportList(page);
    expect(onlyDisabled.rows.map((row) => [row.ID, row.Name, row.Status])).toEqual([
      [String(ids[1]), names[1], 'Disabled'],
    ]);
  });

  test('exports the users the list shows, searched', async ({ signedInAsSite: page }) => {
    const tenant = await createOwnIndustry(page, 'E2E Export Users');
    const tag = uniqueName('Exporter').replace(/\W/g, '');
    const mail = (who: string) => `${who}.${tag}@e2e.example`.toLowerCase();
    const chemist = await createUser(page, tenant.id, { name: `${tag} Chemist`, email: mail('chemist') });
    const head = await createUser(page, tenant.id, {
      name: `${tag} Head`,
      email: mail('head'),
      role: 'admin',
    });

    await page.goto(`/users?search=${tag}`);
    await expect(page.getByRole('cell', { name: chemist.userName })).toBeVisible();
    const { fileName, rows } = await exportList(page);
    expect(fileName).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows.map((row) => [row.ID, row.Name, row['E-mail'], row.Role, row.Account])).toEqual([
      [String(chemist.id), chemist.name, chemist.userName, 'User', tenant.name],
      [String(head.id), head.name, head.userName, 'Admin', tenant.name],
    ]);
    // Phone numbers come written for reading, guarded so that a spreadsheet does not take them for formulas.
    expect(rows[0]?.Phone).toBe("'+91 98765 43210");
  });

  test('exports the audit trail of the industry chosen', async ({ signedInAsSite: page }) => {
    const tenant = await createOwnIndustry(page, 'E2E Export Trail');
    await page.goto(`/auditLog?tenantId=${tenant.id}`);
    await expect(page.getByRole('table')).toBeVisible();
    const { fileName, rows } = await exportList(page);
    expect(fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    // Its creation, and nothing of any other industry.
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.Industry))).toEqual(new Set([tenant.name]));
    expect(rows.map((row) => row.Action)).toContain('Create');
  });
});
