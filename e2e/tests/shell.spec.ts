import { fetchPartners } from '../api';
import { expect, test } from '../fixtures';

test('the language switch keeps Hindi in the lang cookie across reloads', async ({
  signedInAsSite: page,
  context,
}) => {
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value ?? 'en').toBe('en');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'स्वागत है, Platform Administrator' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'स्वागत है, Platform Administrator' })).toBeVisible();
});

test('the module switch stores the module, reloads at / and sends it with every call', async ({
  signedInAsSite: page,
}) => {
  await expect(page.getByRole('button', { name: 'Module: Enviro' })).toBeVisible();
  await page.getByRole('button', { name: 'Module: Enviro' }).click();
  // The console reloads in the Energy module: its calls carry the module from then on. (A summary
  // call of the page before the reload may still be under way, so the wait is for the reloaded one.)
  const summaryCall = page.waitForRequest(
    (r) => r.url().endsWith('/api/home/overview') && r.headers()['x-module'] === 'energy',
  );
  await page.getByRole('menuitem', { name: 'Energy' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await summaryCall;
  await expect(page.getByRole('button', { name: 'Module: Energy' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('vayu.module'))).toBe('energy');
});

test(
  'the partner filter is kept in the URL and answered by the server',
  { tag: '@demo-data' },
  async ({ signedInAsSite: page }) => {
    // Other tests add enabled partners of their own; the one disabled partner is the demo data's.
    const partners = await fetchPartners(page);
    await page.getByRole('link', { name: 'Partners' }).click();
    await expect(page.getByRole('table', { name: `Partners (${partners.length})` })).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Disabled').click();
    await expect(page).toHaveURL(/status=DISABLED/);
    await expect(page.getByRole('table', { name: 'Partners (1)' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Northern Emission Services', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('table', { name: 'Partners (1)' })).toBeVisible();
  },
);
