import { findTenant } from '../api';
import { expect, expectNotice, test } from '../fixtures';

/**
 * Public dashboard (/publicDashboard): the demo cement plant publishes its
 * kiln stack's values; a browser that never signed in opens the link and sees
 * the latest values without the console around them; revoked, the link says
 * the dashboard is not available.
 */

const INDUSTRY = 'Deccan Cement Works';
const POINT = 'Kiln / Raw Mill Stack';

test('an industry publishes a public dashboard, a signed-out browser reads it, and a revoked link is not available', async ({
  signedInAsSite: page,
  browser,
  baseURL,
}) => {
  const deccan = await findTenant(page, INDUSTRY);
  await page.goto(`/publicDashboard?tenantId=${deccan.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Public dashboard' })).toBeVisible();
  await expect(page.getByText('Not published')).toBeVisible();

  await page.getByRole('checkbox', { name: POINT }).check();
  const parameter = page.getByRole('checkbox', { name: /^PM/ }).first();
  await parameter.check();
  await page.getByRole('button', { name: 'Publish dashboard' }).click();
  await expectNotice(page, 'The public dashboard was saved.');
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  const linkField = page.getByRole('textbox', { name: 'Public link' });
  await expect(linkField).toHaveValue(/\/public\/dashboard\/industry\/[A-Za-z0-9_-]{24}$/);
  const link = await linkField.inputValue();

  // Opened by someone signed in, the page asks only the public API (the console's own calls stay quiet).
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: INDUSTRY })).toBeVisible();
  await expect(page.getByTestId('latest-value').first()).toBeVisible();
  expect(failed).toEqual([]);
  await page.goto(`/publicDashboard?tenantId=${deccan.id}`);
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // A browser that never signed in.
  const visitor = await browser.newContext({ baseURL });
  try {
    const outside = await visitor.newPage();
    await outside.goto(new URL(link).pathname);
    await expect(outside.getByRole('heading', { level: 1, name: INDUSTRY })).toBeVisible();
    await expect(outside).toHaveURL(/\/public\/dashboard\/industry\//);
    const card = outside.getByRole('region', { name: POINT });
    await expect(card.getByTestId('latest-value').first()).toHaveText(/^-?[\d,.]+/);
    await expect(card.getByRole('img', { name: /^(Live|Delayed|Offline)\. / }).first()).toBeVisible();
    await expect(outside.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

    // Revoked in the console: the link is not available any more.
    await page.getByRole('button', { name: 'Revoke link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the public link?' });
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await expectNotice(page, 'The public link was revoked.');
    await expect(page.getByText('Not published')).toBeVisible();

    await outside.reload();
    await expect(outside.getByRole('heading', { name: 'This dashboard is not available' })).toBeVisible();
    await expect(outside).toHaveURL(/\/public\/dashboard\/industry\//);
  } finally {
    await visitor.close();
  }
});
