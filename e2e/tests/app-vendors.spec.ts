import { readFile } from 'node:fs/promises';
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { findTenant } from '../api';
import { expect, expectNotice, signIn, test, USERS } from '../fixtures';

/** A demo industry with monitoring points and devices; adding it to an app changes nothing of its own. */
const INDUSTRY = 'Deccan Cement Works';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test('a push-data app is added with its token shown once, its token regenerated, a demo industry added and its meta sheet downloaded', async ({
  signedInAsSite: page,
}) => {
  const industry = await findTenant(page, INDUSTRY);
  const appId = `e2e-hub-${unique()}`;
  const appName = `E2E Data Hub ${unique()}`;

  await page.getByRole('button', { name: 'Masters menu' }).click();
  await page.getByRole('menuitem', { name: 'Push-data apps' }).click();
  await expect(page).toHaveURL(/\/appVendor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Push-data apps' })).toBeVisible();

  // Add: the first token is shown once, with a copy button.
  await page.getByRole('button', { name: 'Add app' }).click();
  const add = page.getByRole('dialog', { name: 'Add push-data app' });
  await add.getByRole('textbox', { name: 'App ID' }).fill(appId);
  await add.getByRole('textbox', { name: 'App name' }).fill(appName);
  await add.getByRole('button', { name: 'Add app' }).click();
  await expectNotice(page, 'App added.');
  let shown = page.getByRole('dialog', { name: 'App token' });
  await expect(shown.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const firstToken = (await shown.locator('pre, code').first().textContent())?.trim() ?? '';
  expect(firstToken).toMatch(/^vat_/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  // The list shows the token's last characters only.
  await page.getByRole('searchbox', { name: 'Search' }).fill(appId);
  const row = page.getByRole('row', { name: new RegExp(appName) });
  await expect(row).toContainText(`••••${firstToken.slice(-4)}`);
  await expect(page.getByText(firstToken)).toHaveCount(0);

  // Regenerate after confirming: the spec's notice, and the new token once.
  await row.getByRole('button', { name: `Regenerate token of ${appName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate token' });
  await confirm.getByRole('button', { name: 'Regenerate token' }).click();
  await expectNotice(page, 'Token regenerated successfully');
  shown = page.getByRole('dialog', { name: 'App token' });
  const secondToken = (await shown.locator('pre, code').first().textContent())?.trim() ?? '';
  expect(secondToken).toMatch(/^vat_/);
  expect(secondToken).not.toBe(firstToken);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(row).toContainText(`••••${secondToken.slice(-4)}`);

  // The app's industries: add a demo industry with the searchable multi-select.
  await row.getByRole('link', { name: `Industries of ${appName}` }).click();
  await expect(page).toHaveURL(/\/appTenant\?appId=\d+&appName=/);
  await expect(page.getByText(/No industries yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Add industries' }).click();
  const dialog = page.getByRole('dialog', { name: `Add industries to ${appName}` });
  const choose = dialog.getByRole('textbox', { name: 'Industries' });
  await choose.fill('Deccan Cement');
  const option = page.getByRole('option', { name: new RegExp(`^${INDUSTRY}`) });
  await expect(async () => {
    if (!(await option.isVisible())) await choose.click();
    await expect(option).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await option.click();
  await expect(dialog.getByText('1 industry chosen (at most 100 at a time)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotice(page, 'Tenants added successfully');
  await expect(dialog).toBeHidden();
  const industryRow = page.getByRole('row', { name: new RegExp(INDUSTRY) });
  await expect(industryRow).toContainText('Chandrapur, MH');

  // The meta sheet: one line per enabled parameter of each enabled device, with the device's id.
  const devices = await page.request.get(`/api/devices?tenantId=${industry.id}&pageSize=100`);
  expect(devices.ok()).toBe(true);
  const deviceIds = ((await devices.json()) as { items: { id: number }[] }).items.map((device) => device.id);
  expect(deviceIds.length, `${INDUSTRY} has devices`).toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    industryRow.getByRole('button', { name: `Download meta sheet of ${INDUSTRY}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${INDUSTRY} - meta sheet.csv`);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^tenantId,tenantName,monitoringPointId,monitoringPoint,entityType,deviceId,/);
  const deviceColumn = lines[0]!.split(',').indexOf('deviceId');
  const sheetDeviceIds = new Set(lines.slice(1).map((line) => Number(line.split(',')[deviceColumn])));
  expect(sheetDeviceIds.size).toBeGreaterThan(0);
  expect([...sheetDeviceIds].every((id) => deviceIds.includes(id))).toBe(true);
  expect(lines.slice(1).every((line) => line.startsWith(`${industry.id},${INDUSTRY},`))).toBe(true);
});

/** Serious or critical WCAG 2.1 A/AA violations on the page as it is now (rule and element). */
async function seriousViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' >> ')}`));
}

test('the push-data screens and their dialogs have no serious accessibility violations', async ({ page }) => {
  await signIn(page, USERS.site);
  await page.goto('/appVendor');
  await expect(page.getByRole('heading', { level: 1, name: 'Push-data apps' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add app' }).click();
  const add = page.getByRole('dialog', { name: 'Add push-data app' });
  await add.getByRole('button', { name: 'Add app' }).click();
  await expect(add.getByRole('textbox', { name: 'App ID' })).toHaveAccessibleDescription(
    /This field is required/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await add.getByRole('button', { name: 'Cancel' }).click();

  const industry = await findTenant(page, INDUSTRY);
  await page.goto('/appTenant?appId=999999&appName=Nobody');
  await expect(page.getByRole('heading', { level: 1, name: 'Push-data app industries' })).toBeVisible();
  await expect(page.getByText('The industries of this app could not be loaded.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/pushData?tenantId=${industry.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'How to send data' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
