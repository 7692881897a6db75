import type { Page } from '@playwright/test';
import { CONSOLE_HEADERS, findTenant } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/**
 * Data migration (/dataMigration): a CSV with one bad row is checked and its
 * row error shown; a clean CSV of the same analyser is checked, imported after
 * the confirmation, and its readings are then in the industry's data. The
 * history imported lies three weeks back at minutes the demo data never uses,
 * so the demo data other tests read is unchanged.
 */

const INDUSTRY = 'Deccan Cement Works';
const MINUTE_MS = 60_000;

interface DeviceDetail {
  id: number;
  serialNumber: string;
  monitoringPoint: { id: number };
  params: { parameter: { id: number; virtual: boolean }; enabled: boolean; unit: string | null }[];
}

/** One of the industry's analysers with an enabled parameter that has a unit. */
async function analyserOf(page: Page, tenantId: number) {
  const list = (await (await page.request.get(`/api/devices?tenantId=${tenantId}&page=1`)).json()) as {
    items: { id: number }[];
  };
  for (const { id } of list.items) {
    const device = (await (await page.request.get(`/api/devices/${id}`)).json()) as DeviceDetail;
    const param = device.params.find((row) => row.enabled && row.unit && !row.parameter.virtual);
    if (param) return { device, parameterId: param.parameter.id, unit: param.unit! };
  }
  throw new Error(`no analyser of industry ${tenantId} has a parameter with a unit`);
}

/** Opens "New migration", chooses the industry and sends the CSV; answers the new migration's id. */
async function startCsvMigration(page: Page, fileName: string, csv: string): Promise<number> {
  await page.getByRole('button', { name: 'New migration' }).click();
  const dialog = page.getByRole('dialog', { name: 'New data migration' });
  const industry = dialog.getByRole('textbox', { name: 'Industry' });
  await industry.fill('Deccan');
  await pickOption(industry, new RegExp(`^${INDUSTRY}`));
  await dialog.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const [created] = await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/api\/dataMigration$/.test(response.url()),
    ),
    dialog.getByRole('button', { name: 'Start the check' }).click(),
  ]);
  expect(created.status()).toBe(201);
  await expectNotice(page, 'The migration is being checked.');
  return ((await created.json()) as { id: number }).id;
}

test('a CSV with a bad row shows its error; a clean one is checked, imported and its readings stored', async ({
  signedInAsSite: page,
}) => {
  const deccan = await findTenant(page, INDUSTRY);
  const { device, parameterId, unit } = await analyserOf(page, deccan.id);
  // Three weeks back, at minute 7 of an hour and on (never a demo reading's time); a new hour each run.
  const base =
    Math.floor((Date.now() - 21 * 24 * 60 * MINUTE_MS) / (60 * MINUTE_MS)) * 60 * MINUTE_MS +
    (Math.floor(Date.now() / 1000) % 200) * 60 * MINUTE_MS +
    7 * MINUTE_MS;
  const at = (minutes: number) => new Date(base + minutes * MINUTE_MS).toISOString();
  const row = (minutes: number, value: number, rowUnit = unit, provenance = '') =>
    [device.serialNumber, parameterId, at(minutes), value, rowUnit, provenance].join(',');
  const header = 'deviceSerial,parameter,time,value,unit,provenance';

  await page.goto('/dataMigration');
  await expect(page.getByRole('heading', { level: 1, name: 'Data migration' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
    'href',
    '/api/dataMigration/template',
  );

  // One row with a unit the parameter does not take: the check shows it, on its line.
  const rejectedId = await startCsvMigration(
    page,
    'bad.csv',
    [header, row(0, 41), row(15, 42, 'furlongs')].join('\n'),
  );
  await expect(page).toHaveURL(new RegExp(`/dataMigration\\?id=${rejectedId}$`));
  const rejected = page.getByRole('dialog', { name: `Data migration ${rejectedId}` });
  await expect(rejected.getByText('Rows in error', { exact: true })).toBeVisible({ timeout: 60_000 });
  const errors = rejected.getByRole('table', { name: 'The first 1 of 1 rows in error' });
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^3unit/);
  await expect(rejected.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await rejected.getByRole('button', { name: 'Close' }).click();

  // A clean file: checked, then imported after the confirmation that names its rows.
  const importedId = await startCsvMigration(
    page,
    'good.csv',
    [header, row(0, 41), row(15, 42, unit, 'manual'), row(30, 43)].join('\n'),
  );
  const migration = page.getByRole('dialog', { name: `Data migration ${importedId}` });
  await expect(migration.getByText('Checked', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(migration.getByText('No row is in error.')).toBeVisible();
  await migration.getByRole('button', { name: 'Import' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import the readings?' });
  await expect(confirm).toContainText(`Import 3 readings into ${INDUSTRY}?`);
  await confirm.getByRole('button', { name: 'Import' }).click();
  await expectNotice(page, 'The import has started.');
  await expect(migration.getByText('Imported', { exact: true })).toBeVisible({ timeout: 60_000 });
  await migration.getByRole('button', { name: 'Close' }).click();

  // The list shows both, and the readings are in the industry's 15-minute data.
  const table = page.getByRole('table', { name: /^Migrations 1–/ });
  await expect(table.getByRole('row').filter({ hasText: 'good.csv' }).first()).toContainText('Imported');
  const data = await page.request.post(
    `/api/tenants/${deccan.id}/entities/${device.monitoringPoint.id}/data`,
    {
      headers: CONSOLE_HEADERS,
      data: { dim: 'minute_15', startDate: at(-7), endDate: at(60), deviceId: device.id },
    },
  );
  expect(data.status()).toBe(200);
  const { series } = (await data.json()) as {
    series: { parameterId: number; points: { value: number; provenance: string }[] }[];
  };
  const imported = series.find((item) => item.parameterId === parameterId);
  // Values come in the parameter's standard unit: three slots, in order, with their provenance kept.
  expect(imported?.points.map((point) => point.provenance)).toEqual(['measured', 'manual', 'measured']);
  const values = imported!.points.map((point) => point.value);
  expect(values[0]! < values[1]! && values[1]! < values[2]!).toBe(true);
});
