import type { Locator, Page } from '@playwright/test';
import { createOwnIndustry, fetchTenants, findTenant } from '../api';
import { expect, test } from '../fixtures';

/** The status question names the change that applies and the industry. */
const confirmStatus = (verb: 'Disable' | 'Enable', name: string) =>
  `Do you really want to ${verb} this industry (${name})?`;

/** A mouse click on a switch lands on its track, which Mantine draws over the (invisible) input. */
const clickSwitch = (toggle: Locator) => toggle.click({ force: true });

/** The industry names the list shows, in order. */
const industryLinks = (page: Page) => page.getByRole('table').getByRole('link');

test.describe('industry list', () => {
  test(
    'pages on the server and keeps the page in the URL',
    { tag: '@demo-data' },
    async ({ signedInAsSite: page }) => {
      // Other files add industries, so the expected rows come from the server.
      const first = await fetchTenants(page, { page: 1 });
      const second = await fetchTenants(page, { page: 2 });
      expect(first.total).toBeGreaterThanOrEqual(16);
      expect(first.items).toHaveLength(9);
      // 16 demo industries: page 2 holds the remaining 7 (and any added since, up to 9).
      expect(second.items).toHaveLength(Math.min(9, first.total - 9));
      expect(second.items.filter((item) => first.items.some((other) => other.id === item.id))).toEqual([]);

      await page.getByRole('link', { name: 'Industries', exact: true }).click();
      await expect(page).toHaveURL(/\/tenants$/);
      await expect(page.getByRole('table', { name: `Industries: 1–9 of ${first.total}` })).toBeVisible();
      await expect(industryLinks(page)).toHaveText(first.items.map((item) => item.name));

      await page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('button', { name: 'Page 2' })
        .click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      const last = 9 + second.items.length;
      await expect(
        page.getByRole('table', { name: `Industries: 10–${last} of ${first.total}` }),
      ).toBeVisible();
      await expect(industryLinks(page)).toHaveText(second.items.map((item) => item.name));
      await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

      await page.reload();
      await expect(industryLinks(page)).toHaveText(second.items.map((item) => item.name));
      await page.getByRole('button', { name: 'Previous page' }).click();
      await expect(page).not.toHaveURL(/page=/);
      await expect(industryLinks(page)).toHaveText(first.items.map((item) => item.name));
    },
  );

  test(
    'searches on the server and a reload keeps the search',
    { tag: '@demo-data' },
    async ({ signedInAsSite: page }) => {
      await page.goto('/tenants?page=2');
      await expect(page.getByRole('table', { name: /^Industries: 10–/ })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search industries' }).fill('cement');
      await expect(page).toHaveURL(/[?&]search=cement(&|$)/);
      // A new search starts again at page 1.
      await expect(page).not.toHaveURL(/page=2/);
      await expect(industryLinks(page)).toHaveText(['Deccan Cement Works']);
      await expect(page.getByRole('table', { name: 'Industries: 1–1 of 1' })).toBeVisible();

      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search industries' })).toHaveValue('cement');
      await expect(industryLinks(page)).toHaveText(['Deccan Cement Works']);

      await page.getByRole('searchbox', { name: 'Search industries' }).fill('no such industry anywhere');
      await expect(page.getByText('No industries found')).toBeVisible();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/tenants$/);
      await expect(page.getByRole('searchbox', { name: 'Search industries' })).toHaveValue('');
      await expect(industryLinks(page)).toHaveCount(9);
    },
  );

  test(
    'filters by status and by partner, each kept in the URL',
    { tag: '@demo-data' },
    async ({ signedInAsSite: page }) => {
      const disabled = await fetchTenants(page, { status: 'DISABLED' });
      // The demo data has three disabled industries; tests disable only industries of their own (named E2E …).
      expect(disabled.items.map((item) => item.name)).toEqual([
        'Kanpur Tanners Cooperative',
        'Ranipet Leather Processors',
        'Saurashtra Dyes & Intermediates',
      ]);
      await page.goto('/tenants');
      await page.getByRole('radiogroup', { name: 'Status' }).getByText('Disabled').click();
      await expect(page).toHaveURL(/[?&]status=DISABLED(&|$)/);
      await expect(page.getByRole('table', { name: 'Industries: 1–3 of 3' })).toBeVisible();
      await expect(industryLinks(page)).toHaveText(disabled.items.map((item) => item.name));
      for (const name of disabled.items.map((item) => item.name)) {
        await expect(page.getByRole('switch', { name: `Enabled: ${name}` })).not.toBeChecked();
      }

      await page.getByRole('radiogroup', { name: 'Status' }).getByText('All').click();
      await expect(page).not.toHaveURL(/status=/);

      const enviro = await findTenant(page, 'Deccan Cement Works');
      const ofEnviro = await fetchTenants(page, { partnerId: enviro.partnerId });
      await page.getByRole('textbox', { name: 'Partner' }).click();
      await page.getByRole('option', { name: 'Enviro Analytics Pvt Ltd' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]partnerId=${enviro.partnerId}(&|$)`));
      await expect(industryLinks(page)).toHaveText(ofEnviro.items.map((item) => item.name));
      const partnerCells = page
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.getByRole('link') });
      for (const row of await partnerCells.all()) {
        await expect(row.getByRole('cell').nth(2)).toHaveText('Enviro Analytics Pvt Ltd');
      }

      // Both filters together, and a reload keeps them.
      await page.getByRole('radiogroup', { name: 'Status' }).getByText('Disabled').click();
      await expect(page).toHaveURL(/status=DISABLED/);
      await expect(page).toHaveURL(/partnerId=/);
      await expect(page.getByText('No industries found')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Partner' })).toHaveValue('Enviro Analytics Pvt Ltd');
      await expect(page.getByText('No industries found')).toBeVisible();
    },
  );
});

/** An industry of the test's own, opened on the list by its name, with its status switch. */
async function openOwnIndustry(page: Page) {
  const tenant = await createOwnIndustry(page, 'E2E Toggle Mills');
  await page.goto(`/tenants?search=${encodeURIComponent(tenant.name)}`);
  const toggle = page.getByRole('switch', { name: `Enabled: ${tenant.name}` });
  await expect(toggle).toBeChecked();
  return { tenant, name: tenant.name, toggle };
}

test.describe('industry status toggle', () => {
  // Each test switches an industry of its own.

  test('cancel puts the switch back and changes nothing on the server', async ({ signedInAsSite: page }) => {
    const { name, toggle } = await openOwnIndustry(page);

    await clickSwitch(toggle);
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm.getByText(confirmStatus('Disable', name))).toBeVisible();
    // The row shows the new state at once, while the question is open.
    await expect(toggle).not.toBeChecked();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(toggle).toBeChecked();
    expect((await findTenant(page, name)).status).toBe('ENABLED');
  });

  test('disable after confirming, then enable leads to the subscription page', async ({
    signedInAsSite: page,
  }) => {
    const { tenant, name, toggle } = await openOwnIndustry(page);

    await clickSwitch(toggle);
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm.getByText(confirmStatus('Disable', name))).toBeVisible();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Status Changed.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Disabled')).toBeVisible();
    expect((await findTenant(page, name)).status).toBe('DISABLED');

    await clickSwitch(toggle);
    await expect(confirm.getByText(confirmStatus('Enable', name))).toBeVisible();
    await confirm.getByRole('button', { name: 'Enable' }).click();
    await expect(page).toHaveURL(new RegExp(`/subscription/${tenant.id}$`));
    expect((await findTenant(page, name)).status).toBe('ENABLED');
  });

  test('a failed change puts the switch back and says so', async ({ signedInAsSite: page }) => {
    await page.route('**/api/changeTenantStatus/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'INTERNAL', message: 'Unexpected failure', requestId: 'e2e' },
        }),
      }),
    );
    const { name, toggle } = await openOwnIndustry(page);
    // From the keyboard this time.
    await toggle.press('Space');
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Error Changing Status.')).toBeVisible();
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();
    expect((await findTenant(page, name)).status).toBe('ENABLED');
  });
});

test.describe('add industry', () => {
  test('invalid input is refused in the form; a valid industry is created and shown', async ({
    signedInAsSite: page,
  }) => {
    const name = `E2E Cement Plant ${Date.now()}`;
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/create/')) creates.push(request.url());
    });

    await page.goto('/tenants');
    await page.getByRole('link', { name: 'Add Industry' }).click();
    await expect(page).toHaveURL(/\/new\/tenants\/partner\/0$/);
    await expect(page.getByRole('heading', { name: 'Add Industry', level: 1 })).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill(`  ${name}  `);
    await page.getByRole('textbox', { name: 'Industry category' }).click();
    await page.getByRole('option', { name: 'Cement', exact: true }).click();
    await page.getByRole('textbox', { name: 'Partner' }).click();
    await page.getByRole('option', { name: 'Enviro Analytics Pvt Ltd' }).click();
    await page.getByRole('textbox', { name: 'Contact e-mail' }).fill('plant.head@e2e-cement.example');
    await page.getByRole('textbox', { name: 'Contact number' }).fill('9876543210');
    await page.getByRole('textbox', { name: 'City' }).fill('Thane');
    await page.getByRole('textbox', { name: 'State', exact: true }).click();
    await page.getByRole('option', { name: 'Maharashtra' }).click();
    await page.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1Z');
    await page.getByRole('textbox', { name: 'Latitude' }).fill('100');
    await page.getByRole('textbox', { name: 'Longitude' }).fill('72.87');
    await page.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByText('Enter a valid 15-character GSTIN')).toBeVisible();
    await expect(page.getByText('Latitude must be between -90 and 90')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please correct the marked fields.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/new\/tenants\/partner\/0$/);
    expect(creates).toEqual([]);

    await page.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1ZV');
    await page.getByRole('textbox', { name: 'Latitude' }).fill('19.07');
    await expect(page.getByText('Enter a valid 15-character GSTIN')).toBeHidden();
    await expect(page.getByText('Latitude must be between -90 and 90')).toBeHidden();
    await page.getByRole('button', { name: 'Create' }).click();

    await expect(page).toHaveURL(/\/accounts\/tenant\/\d+\/view$/);
    const id = Number(/\/accounts\/tenant\/(\d+)\/view$/.exec(page.url())![1]);
    // The name was trimmed before it was stored.
    await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible();
    // Every value entered shows, grouped: industry, contact, address, tax, location.
    await expect(page.getByRole('definition')).toContainText([
      'Enviro Analytics Pvt Ltd',
      'Cement',
      'plant.head@e2e-cement.example',
      '+91 98765 43210',
      'Thane',
      'Maharashtra',
      '27AAPFU0939F1ZV',
      '19.07',
      '72.87',
      'Asia/Kolkata',
    ]);
    expect(creates).toHaveLength(1);

    const created = await findTenant(page, name);
    expect(created.id).toBe(id);
    expect(created.partnerName).toBe('Enviro Analytics Pvt Ltd');
    expect(created.status).toBe('ENABLED');
  });
});
