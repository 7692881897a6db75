import type { Page } from '@playwright/test';
import { CONSOLE_HEADERS } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/** One catalogue parameter as the API reports it. */
async function fetchParameter(page: Page, id: number) {
  const response = await page.request.get(`/api/parameters/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number; label: string; alertLabel: string | null; version: number };
}

async function fetchEnergyParameters(page: Page, search: string) {
  const response = await page.request.get(`/api/energy/parameters?search=${encodeURIComponent(search)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    items: { id: number; label: string; name: string; metrics: { key: string }[]; status: string }[];
  };
}

test.describe('energy catalogue', () => {
  test('a new metric feeds a new energy parameter; the metric cannot go while it is used', async ({
    signedInAsSite: page,
  }) => {
    const stamp = Date.now().toString(36);
    const key = `e2e_peak_${stamp}`;
    const metricLabel = `E2E peak ${stamp}`;
    const label = `E2E Compressor-House Energy ${stamp}`;
    const name = `e2e_compressorhouse_energy_${stamp}`;

    // Add a metric: the list opens on it.
    await page.goto('/addMetric');
    await expect(page.getByRole('heading', { name: 'Add Metric', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Key', exact: true }).fill(key);
    await page.getByRole('textbox', { name: 'Label', exact: true }).fill(metricLabel);
    await pickOption(page.getByRole('textbox', { name: 'Aggregation', exact: true }), 'Maximum', {
      exact: true,
    });
    await page.getByRole('button', { name: 'Add Metric' }).click();
    await expectNotice(page, 'Metric Added Successfully.');
    await expect(page).toHaveURL(/\/metric\?search=/);
    const metricRow = page.getByRole('row').filter({ hasText: key });
    await expect(metricRow).toBeVisible();
    await expect(metricRow).toContainText('Maximum');

    // Add an energy parameter computing it.
    await page
      .getByRole('navigation', { name: 'Energy catalogue' })
      .getByRole('link', { name: 'Energy parameters', exact: true })
      .click();
    await expect(page).toHaveURL(/\/energy\/params$/);
    await page.getByRole('link', { name: 'Add Energy Parameter' }).click();
    await expect(page).toHaveURL(/\/energy\/param\/add$/);
    const form = page.getByRole('form', { name: 'Add Energy Parameter' });
    await form.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
    await expect(form.getByTestId('generated-key')).toHaveText(name);
    await pickOption(form.getByRole('textbox', { name: 'Category', exact: true }), 'Compressed air', {
      exact: true,
    });
    await pickOption(form.getByRole('textbox', { name: 'Unit', exact: true }), 'kWh', { exact: true });
    // Without a metric nothing is saved.
    await form.getByRole('button', { name: 'Add Energy Parameter' }).click();
    await expect(form.getByText('Choose at least one metric.')).toBeVisible();
    await pickOption(form.getByRole('textbox', { name: 'Metrics', exact: true }), new RegExp(metricLabel));
    await form.getByRole('switch', { name: /Cumulative meter reading/ }).check();
    await form.getByRole('button', { name: 'Add Energy Parameter' }).click();
    await expectNotice(page, 'Parameter Added Successfully.');
    await expect(page).toHaveURL(/\/energy\/params$/);

    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row).toBeVisible();
    await expect(row).toContainText(name);
    await expect(row).toContainText(key);
    await expect(row).toContainText('Compressed air');
    await expect(row).toContainText('Cumulative');
    expect((await fetchEnergyParameters(page, stamp)).items).toEqual([
      expect.objectContaining({ label, name, metrics: [expect.objectContaining({ key })] }),
    ]);

    // The metric is in use: its delete is refused and says by what.
    await page.goto(`/metric?search=${key}`);
    await page.getByRole('button', { name: `Delete ${key}` }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(
      page.getByText(`This metric is used by the energy parameter "${label}" and cannot be deleted.`),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: key })).toBeVisible();

    // Delete the energy parameter (asked first), then the metric may go too.
    await page.goto(`/energy/params?search=${stamp}`);
    await page.getByRole('button', { name: `Delete ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`Do you really want to delete the energy parameter "${label}"?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No energy parameters match these filters')).toBeVisible();
    expect((await fetchEnergyParameters(page, stamp)).items).toEqual([]);

    await page.goto(`/metric?search=${key}`);
    await page.getByRole('button', { name: `Delete ${key}` }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectNotice(page, 'Metric deleted.');
    await expect(page.getByText('No metric matches the search')).toBeVisible();
  });

  test('a standard energy parameter is edited on its own page', async ({ signedInAsSite: page }) => {
    // A catalogue parameter measured at 'energy' of the test's own: the demo ones stay as they are.
    const stamp = Date.now().toString(36);
    const label = `E2E Grid Frequency ${stamp}`;
    const created = await page.request.post('/api/parameters', {
      headers: CONSOLE_HEADERS,
      data: { label, mtype: 'energy', stdUnit: 'Hz', alertLabel: 'Frequency' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto('/energy/parameter');
    await expect(page.getByRole('heading', { name: 'Standard energy parameters', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(label);
    await expect(page).toHaveURL(/[?&]search=/);
    await page.getByRole('link', { name: `Edit ${label}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/param/${id}/edit$`));
    const before = await fetchParameter(page, id);

    const alertLabel = page.getByRole('textbox', { name: 'Alert label', exact: true });
    await expect(alertLabel).toHaveValue('Frequency');
    await alertLabel.fill(`Grid frequency ${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Parameter Edited Successfully.');
    await expect(page).toHaveURL(/\/energy\/parameter$/);
    expect(await fetchParameter(page, id)).toMatchObject({
      label,
      alertLabel: `Grid frequency ${stamp}`,
      version: before.version + 1,
    });

    // The page opens again on the saved value.
    await page.goto(`/param/${id}/edit`);
    await expect(alertLabel).toHaveValue(`Grid frequency ${stamp}`);
  });
});
