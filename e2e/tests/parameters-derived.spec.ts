import type { Page } from '@playwright/test';
import { expect, expectNotice, pickOption, test } from '../fixtures';

interface DerivedParameterPage {
  total: number;
  items: { id: number; label: string; name: string; derivedStdParamList: { derivedParamName: string }[] }[];
}

/** `GET /api/derivedParameters?search=…` with the browser's session. */
async function searchDerived(page: Page, search: string): Promise<DerivedParameterPage> {
  const response = await page.request.get(`/api/derivedParameters?search=${encodeURIComponent(search)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as DerivedParameterPage;
}

async function fillParameter(page: Page, label: string, seriesLabel: string) {
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
  await pickOption(page.getByRole('textbox', { name: 'Measured at (mtype)' }), 'Stack', { exact: true });
  await page.getByRole('textbox', { name: 'Series label' }).fill(seriesLabel);
}

test.describe('derived parameters', () => {
  test('add one computed from demo parameters; it is listed with its generated key, then deleted', async ({
    signedInAsSite: page,
  }) => {
    const stamp = String(Date.now());
    const label = `E2E SO2-Load ${stamp}`;
    const key = `e2e_so2load_${stamp}`;
    const seriesName = `e2e_so2_rate_${stamp}`;

    await page.goto('/derived-param-list');
    await expect(page.getByRole('heading', { name: 'Derived parameters', level: 1 })).toBeVisible();
    // the demo catalogue comes with derived parameters
    await expect(page.getByRole('row').filter({ hasText: 'Reactive Power' })).toBeVisible();

    await page.getByRole('link', { name: 'Add derived parameter' }).click();
    await expect(page).toHaveURL(/\/add-derived-param$/);
    await expect(page.getByRole('heading', { name: 'Add derived parameter', level: 1 })).toBeVisible();
    await fillParameter(page, label, `E2E SO2 Rate ${stamp}`);
    await expect(page.getByTestId('generated-name')).toHaveText(key);
    await expect(page.getByTestId('generated-key')).toHaveText(key);
    await expect(page.getByTestId('generated-metric')).toHaveText(`e2e.so2load.${stamp}`);
    await expect(page.getByTestId('series-name-0')).toHaveText(seriesName);

    // the keys of the demo catalogue are offered, and a chosen one goes into the expression
    await page.getByRole('textbox', { name: 'When (optional)' }).fill('stack_flow > 0');
    const expression = page.getByRole('textbox', { name: 'Expression', exact: true });
    await expression.fill('so2 * ');
    await page.getByRole('button', { name: 'Insert stack_flow' }).click();
    await expect(expression).toHaveValue('so2 * stack_flow');
    await expression.press('End');
    await expression.pressSequentially(' / 1000000');
    await page.getByRole('button', { name: 'Add derived parameter' }).click();

    await expect(page).toHaveURL(/\/derived-param-list$/);
    await expectNotice(page, 'Parameter Added Successfully.');
    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row).toBeVisible();
    await expect(row).toContainText(key);
    await expect(row).toContainText(seriesName);
    expect((await searchDerived(page, stamp)).items).toEqual([
      expect.objectContaining({
        label,
        name: key,
        derivedStdParamList: [expect.objectContaining({ derivedParamName: seriesName })],
      }),
    ]);

    // the edit form opens with what was saved
    await row.getByRole('link', { name: `Edit ${label}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit derived parameter', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Expression', exact: true })).toHaveValue(
      'so2 * stack_flow / 1000000',
    );
    await page.getByRole('link', { name: 'Cancel' }).click();

    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    // The search reaches the address (a navigation, which closes dialogs) before Delete is pressed.
    await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
    await expect(page.getByRole('table', { name: 'Derived parameters 1–1 of 1' })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(
      confirm.getByText(`Do you really want to delete the derived parameter "${label}"?`),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No derived parameters match these filters')).toBeVisible();
    expect((await searchDerived(page, stamp)).total).toBe(0);
  });

  test('an unknown parameter or bad syntax is explained and nothing is saved', async ({
    signedInAsSite: page,
  }) => {
    const stamp = String(Date.now());
    const label = `E2E Broken ${stamp}`;

    await page.goto('/add-derived-param');
    await fillParameter(page, label, `E2E Broken Series ${stamp}`);
    const expression = page.getByRole('textbox', { name: 'Expression', exact: true });

    await expression.fill('so2 * nope_param');
    await expression.blur();
    await expect(page.getByText("Unknown parameter 'nope_param'.")).toBeVisible();
    await expect(expression).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Add derived parameter' }).click();
    await expect(page.getByText('Some fields need attention.')).toBeVisible();
    await expect(page).toHaveURL(/\/add-derived-param$/);

    await expression.fill('so2 +* 2');
    await expect(page.getByText(/^Invalid expression/)).toBeVisible();
    await page.getByRole('button', { name: 'Add derived parameter' }).click();
    await expect(page).toHaveURL(/\/add-derived-param$/);

    // a condition is checked the same way
    await expression.fill('so2 * 2');
    const condition = page.getByRole('textbox', { name: 'When (optional)' });
    await condition.fill('o2 <');
    await condition.blur();
    await expect(page.getByText(/^Invalid expression/)).toBeVisible();
    await expect(condition).toHaveAttribute('aria-invalid', 'true');
    await expect(expression).not.toHaveAttribute('aria-invalid', 'true');

    expect((await searchDerived(page, stamp)).total).toBe(0);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/derived-param-list$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    await expect(page.getByText('No derived parameters match these filters')).toBeVisible();
  });
});
