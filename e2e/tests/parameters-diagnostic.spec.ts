import type { Page } from '@playwright/test';
import { CONSOLE_HEADERS, createOwnIndustry } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

interface SetUp {
  id: number;
  model: { id: number; name: string; make: { id: number; name: string } } | null;
  tenant: { id: number; name: string } | null;
  paramIds: number[];
  parameters: { id: number; label: string }[];
  isRemoteCalibration: boolean;
  isCalibrationThroughUtility: boolean;
  dataUploadMethod: string | null;
  version: number;
}

async function fetchSetUps(page: Page, query = 'pageSize=100'): Promise<SetUp[]> {
  const response = await page.request.get(`/api/diagnosticParams?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: SetUp[] }).items;
}

async function findSetUpOf(page: Page, make: string, model: string): Promise<SetUp> {
  const found = (await fetchSetUps(page)).find(
    (setUp) => setUp.model?.make.name === make && setUp.model.name === model,
  );
  expect(found, `the demo set-up of ${make} ${model}`).toBeDefined();
  return found!;
}

/** The id of the catalogue parameter of that exact label. */
async function parameterId(page: Page, label: string): Promise<number> {
  const response = await page.request.get(`/api/parameters?search=${encodeURIComponent(label)}&pageSize=100`);
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: number; label: string }[] };
  const found = items.find((item) => item.label === label);
  expect(found, `the catalogue parameter ${label}`).toBeDefined();
  return found!.id;
}

/** A set-up of the test's own: an industry of its own, watched for zero and span drift. */
async function createOwnSetUp(page: Page) {
  const tenant = await createOwnIndustry(page, 'E2E Calibration Works');
  const response = await page.request.post('/api/diagnosticParams', {
    headers: CONSOLE_HEADERS,
    data: {
      tenantId: tenant.id,
      paramIds: [await parameterId(page, 'Zero Drift'), await parameterId(page, 'Span Drift')],
      isRemoteCalibration: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { tenant, setUp: (await response.json()) as SetUp };
}

/** Picks (or, when already picked, drops) one catalogue parameter in the form's multi-select. */
async function toggleParameter(page: Page, search: string, label: string) {
  const input = page.getByRole('textbox', { name: 'Parameters' });
  await input.fill(search);
  await page.getByRole('option', { name: new RegExp(`^${label}`) }).click();
  await input.fill('');
  // Close the options so they do not cover the buttons.
  await input.press('Escape');
}

test('diagnostic params: the list filters by make', async ({ signedInAsSite: page }) => {
  const horiba = await findSetUpOf(page, 'Horiba', 'APMA-370');
  await page.goto('/diagnosticParams');
  await expect(page.getByRole('heading', { name: 'Diagnostic Params', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /MCS100FT/ })).toBeVisible();

  await pickOption(page.getByRole('textbox', { name: 'Make' }), 'Horiba (Analyser)');
  await expect(page).toHaveURL(new RegExp(`[?&]makeId=${horiba.model!.make.id}(&|$)`));
  const row = page.getByRole('row', { name: /APMA-370/ });
  await expect(row).toBeVisible();
  await expect(row.getByText(horiba.isRemoteCalibration ? 'ENABLED' : 'DISABLED')).toBeVisible();
  await expect(page.getByRole('row', { name: /MCS100FT/ })).toHaveCount(0);
});

test('diagnostic params: edit remote calibration and the parameters of a set-up', async ({
  signedInAsSite: page,
}) => {
  const { tenant, setUp } = await createOwnSetUp(page);
  await page.goto(`/diagnosticParams?tenantId=${tenant.id}`);
  const row = page.getByRole('row', { name: new RegExp(tenant.name) });
  await expect(row.getByText('DISABLED')).toBeVisible();
  await expect(row.getByText('Zero Drift')).toBeVisible();

  await row.getByRole('link', { name: `Edit the diagnostic parameters of ${tenant.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/editDiagnosticParam/${setUp.id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Diagnostic Param' })).toBeVisible();

  const remote = page.getByRole('switch', { name: /^Remote calibration/ });
  await expect(remote).toHaveAccessibleName('Remote calibration DISABLED');
  await remote.click({ force: true });
  await expect(remote).toHaveAccessibleName('Remote calibration ENABLED');
  await toggleParameter(page, 'Lamp', 'Lamp Intensity');
  await toggleParameter(page, 'Zero', 'Zero Drift');
  await page.getByRole('button', { name: 'Save' }).click();

  await expectNotice(page, 'Updated successfully.');
  // Back on the list with the filter it was opened from.
  await expect(page).toHaveURL(new RegExp(`/diagnosticParams\\?tenantId=${tenant.id}$`));
  const changed = page.getByRole('row', { name: new RegExp(tenant.name) });
  await expect(changed.getByText('ENABLED')).toBeVisible();
  await expect(changed.getByText('Lamp Intensity')).toBeVisible();
  await expect(changed.getByText('Zero Drift')).toHaveCount(0);

  const saved = (await fetchSetUps(page, `tenantId=${tenant.id}`))[0]!;
  expect(saved).toMatchObject({ id: setUp.id, isRemoteCalibration: true, version: setUp.version + 1 });
  expect(saved.parameters.map((parameter) => parameter.label).sort()).toEqual([
    'Lamp Intensity',
    'Span Drift',
  ]);
});

test('diagnostic params: the add form refuses to save without parameters', async ({
  signedInAsSite: page,
}) => {
  await page.goto('/diagnosticParams');
  await page.getByRole('link', { name: 'Add Diagnostic Param' }).click();
  await expect(page).toHaveURL(/\/addDiagnosticParam$/);
  // The list, with its own Make filter, stays on screen until the form's code has loaded.
  await expect(page.getByRole('heading', { name: 'Add Diagnostic Param', level: 1 })).toBeVisible();

  await pickOption(page.getByRole('textbox', { name: 'Make' }), 'SICK');
  await pickOption(page.getByRole('textbox', { name: 'Model' }), /^GM35/);
  await page.getByRole('switch', { name: /^Remote calibration/ }).click({ force: true });
  await page.getByRole('button', { name: 'Add Diagnostic Param' }).click();

  await expect(page.getByText('Choose at least one parameter.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Parameters' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/addDiagnosticParam$/);

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/diagnosticParams$/);
  expect((await fetchSetUps(page)).some((setUp) => setUp.model?.name === 'GM35')).toBe(false);
});
