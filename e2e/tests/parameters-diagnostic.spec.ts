import type { Page } from '@playwright/test';
import { expect, test, pickOption } from '../fixtures';

/** Mutating calls must look like the console's own (CSRF rule). */
const CONSOLE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

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

/** Puts a set-up back as it was, from whatever version it is now at. */
async function restoreSetUp(page: Page, original: SetUp) {
  const current = (await fetchSetUps(page)).find((setUp) => setUp.id === original.id);
  if (!current) return;
  const same =
    current.isRemoteCalibration === original.isRemoteCalibration &&
    [...current.paramIds].sort().join() === [...original.paramIds].sort().join();
  if (same) return;
  const response = await page.request.put(`/api/diagnosticParams/${original.id}`, {
    headers: CONSOLE_HEADERS,
    data: {
      modelId: original.model?.id ?? null,
      tenantId: original.tenant?.id ?? null,
      paramIds: original.paramIds,
      isRemoteCalibration: original.isRemoteCalibration,
      isCalibrationThroughUtility: original.isCalibrationThroughUtility,
      dataUploadMethod: original.dataUploadMethod,
      version: current.version,
    },
  });
  expect(response.ok()).toBe(true);
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

test('diagnostic params: filter by make, edit remote calibration and a parameter, put it back', async ({
  signedInAsSite: page,
}) => {
  const original = await findSetUpOf(page, 'Horiba', 'APMA-370');
  expect(original.isRemoteCalibration).toBe(false);
  const labels = original.parameters.map((parameter) => parameter.label);
  expect(labels).toContain('Zero Drift');
  expect(labels).not.toContain('Lamp Intensity');

  try {
    await page.goto('/diagnosticParams');
    await expect(page.getByRole('heading', { name: 'Diagnostic Params', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /MCS100FT/ })).toBeVisible();

    await pickOption(page.getByRole('textbox', { name: 'Make' }), 'Horiba (Analyser)');
    await expect(page).toHaveURL(/[?&]makeId=\d+/);
    const row = page.getByRole('row', { name: /APMA-370/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('DISABLED')).toBeVisible();
    await expect(page.getByRole('row', { name: /MCS100FT/ })).toHaveCount(0);

    await row.getByRole('link', { name: 'Edit the diagnostic parameters of Horiba APMA-370' }).click();
    await expect(page).toHaveURL(new RegExp(`/editDiagnosticParam/${original.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Diagnostic Param' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Make' })).toHaveValue('Horiba');

    const remote = page.getByRole('switch', { name: /^Remote calibration/ });
    await expect(remote).toHaveAccessibleName('Remote calibration DISABLED');
    await remote.click({ force: true });
    await expect(remote).toHaveAccessibleName('Remote calibration ENABLED');
    await toggleParameter(page, 'Lamp', 'Lamp Intensity');
    await toggleParameter(page, 'Zero', 'Zero Drift');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Updated successfully.')).toBeVisible();
    // Back on the list with the make filter it was opened from.
    await expect(page).toHaveURL(/\/diagnosticParams\?makeId=\d+/);
    const changed = page.getByRole('row', { name: /APMA-370/ });
    await expect(changed.getByText('ENABLED')).toBeVisible();
    await expect(changed.getByText('Lamp Intensity')).toBeVisible();
    await expect(changed.getByText('Zero Drift')).toHaveCount(0);

    // Put it back as the demo data had it.
    await changed.getByRole('link', { name: 'Edit the diagnostic parameters of Horiba APMA-370' }).click();
    await expect(page.getByRole('switch', { name: /^Remote calibration/ })).toHaveAccessibleName(
      'Remote calibration ENABLED',
    );
    await page.getByRole('switch', { name: /^Remote calibration/ }).click({ force: true });
    await toggleParameter(page, 'Lamp', 'Lamp Intensity');
    await toggleParameter(page, 'Zero', 'Zero Drift');
    await page.getByRole('button', { name: 'Save' }).click();
    // The first notice may still be showing (notices stay 4 seconds).
    await expect(page.getByText('Updated successfully.').last()).toBeVisible();
    const restored = page.getByRole('row', { name: /APMA-370/ });
    await expect(restored.getByText('DISABLED')).toBeVisible();
    await expect(restored.getByText('Zero Drift')).toBeVisible();
    await expect(restored.getByText('Lamp Intensity')).toHaveCount(0);
  } finally {
    await restoreSetUp(page, original);
  }
  const after = await findSetUpOf(page, 'Horiba', 'APMA-370');
  expect(after.isRemoteCalibration).toBe(false);
  expect([...after.paramIds].sort()).toEqual([...original.paramIds].sort());
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
