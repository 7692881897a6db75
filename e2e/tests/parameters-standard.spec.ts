import type { Page } from '@playwright/test';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/** Catalogue entries the API reports for a search (every page the search yields fits in one). */
async function searchParameters(page: Page, search: string) {
  const response = await page.request.get(
    `/api/parameters?search=${encodeURIComponent(search)}&pageSize=100`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    items: { label: string; name: string; paramKey: string; type: string }[];
  };
}

test.describe('standard parameters', () => {
  test('the key is generated from the label as it is typed; a duplicate is refused', async ({
    signedInAsSite: page,
  }) => {
    const stamp = Date.now().toString(36);
    const label = `E2E Hydrogen-Sulphide Level ${stamp}`;
    const key = `e2e_hydrogensulphide_level_${stamp}`;

    await page.getByRole('button', { name: 'Masters menu' }).click();
    await page.getByRole('menuitem', { name: 'Parameters', exact: true }).click();
    await expect(page).toHaveURL(/\/parameterlist$/);
    await expect(page.getByRole('heading', { name: 'Parameters', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add Parameter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Parameter' });
    await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
    await expect(dialog.getByTestId('generated-name')).toHaveText(key);
    await expect(dialog.getByTestId('generated-key')).toHaveText(key);
    await expect(dialog.getByTestId('generated-metric')).toHaveText(`e2e.hydrogensulphide.level.${stamp}`);
    await pickOption(dialog.getByRole('textbox', { name: 'Measured at (mtype)' }), 'Stack', { exact: true });
    await dialog.getByRole('button', { name: 'Add Parameter' }).click();
    await expectNotice(page, 'Parameter Added Successfully.');
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row).toBeVisible();
    await expect(row).toContainText(key);
    expect((await searchParameters(page, stamp)).items).toEqual([
      expect.objectContaining({ label, name: key, paramKey: key }),
    ]);

    // The same label in other letter case and without the hyphen gives the same name.
    await page.getByRole('button', { name: 'Add Parameter' }).click();
    await dialog
      .getByRole('textbox', { name: 'Label', exact: true })
      .fill(`e2e HYDROGENSULPHIDE level ${stamp}`);
    await expect(dialog.getByTestId('generated-key')).toHaveText(key);
    await pickOption(dialog.getByRole('textbox', { name: 'Measured at (mtype)' }), 'Stack', { exact: true });
    await dialog.getByRole('button', { name: 'Add Parameter' }).click();
    await expect(dialog.getByText('Parameter already exists.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await searchParameters(page, stamp)).items).toHaveLength(1);
  });

  test('a CAAQMS parameter needs more in its label than the prefix', async ({ signedInAsSite: page }) => {
    const stamp = Date.now().toString(36);
    await page.goto('/parameterlist');
    await page.getByRole('button', { name: 'Add Parameter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Parameter' });
    await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('CAAQMS');
    await pickOption(dialog.getByRole('textbox', { name: 'Type', exact: true }), 'CAAQMS', { exact: true });
    await pickOption(dialog.getByRole('textbox', { name: 'Measured at (mtype)' }), 'Ambient air (CAAQMS)', {
      exact: true,
    });
    await dialog.getByRole('button', { name: 'Add Parameter' }).click();
    await expect(dialog.getByText('Parameter label must have a value with CAAQMS.')).toBeVisible();
    await expect(dialog).toBeVisible();

    // With something after the prefix it is stored as "CAAQMS …" and keyed from that.
    await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill(`H2S ${stamp}`);
    await expect(dialog.getByTestId('generated-key')).toHaveText(`caaqms_h2s_${stamp}`);
    await dialog.getByRole('button', { name: 'Add Parameter' }).click();
    await expectNotice(page, 'Parameter Added Successfully.');
    expect((await searchParameters(page, stamp)).items).toEqual([
      expect.objectContaining({
        label: `CAAQMS H2S ${stamp}`,
        paramKey: `caaqms_h2s_${stamp}`,
        type: 'CAAQMS',
      }),
    ]);
  });
});
