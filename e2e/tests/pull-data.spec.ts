import { findTenant } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/**
 * Pull data (/pullData): a token for the demo cement plant's kiln stack, which
 * has a week of readings, is issued and shown once; a third party reads the
 * stack's 15-minute PM data with it (no session); revoked in the console, the
 * token reads nothing more. Each run issues and revokes a token of its own.
 */

const INDUSTRY = 'Deccan Cement Works';
const POINT = 'Kiln / Raw Mill Stack';
/** What the API answers, as far as this test reads it. */
interface Issued {
  pullToken: { monitoringPoints: { id: number }[] };
}
interface Data {
  dim: string;
  series: { label: string; points: unknown[] }[];
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test('a pull-data token is issued and shown once, reads its scope without a session, and is refused once revoked', async ({
  signedInAsSite: page,
  playwright,
  baseURL,
}) => {
  const name = `Group EHS dashboard ${unique()}`;
  const deccan = await findTenant(page, INDUSTRY);
  await page.goto('/pullData');
  await expect(page.getByRole('heading', { level: 1, name: 'Pull data' })).toBeVisible();
  await expect(page.getByText('Choose an industry to see its tokens.')).toBeVisible();
  const industry = page.getByRole('textbox', { name: 'Industry' });
  await industry.fill('Deccan');
  await pickOption(industry, new RegExp(`^${INDUSTRY}`));
  await expect(page).toHaveURL(new RegExp(`/pullData\\?tenantId=${deccan.id}$`));
  await expect(page.getByText('GET /api/pull/data', { exact: false }).first()).toBeVisible();

  // The new token: who it is for, the stack and its PM, a day at a time from the last week.
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pull-data token' });
  await dialog.getByRole('textbox', { name: /^Issued to/ }).fill(name);
  await pickOption(dialog.getByRole('textbox', { name: /^Monitoring points/ }), POINT);
  await dialog.getByRole('textbox', { name: /^Monitoring points/ }).press('Escape');
  await pickOption(dialog.getByRole('textbox', { name: /^Parameters/ }), /^PM \(mg\/Nm³\)$/);
  await dialog.getByRole('textbox', { name: /^Parameters/ }).press('Escape');
  const [created] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith(`/api/pullData/${deccan.id}`),
    ),
    dialog.getByRole('button', { name: 'Issue token' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const { pullToken } = (await created.json()) as Issued;

  // Shown once, with the warning and a copy button.
  const shown = page.getByRole('dialog', { name: 'Pull-data token issued' });
  await expect(shown.getByText('This token will not be shown again', { exact: false })).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const token = (await shown.locator('pre').innerText()).trim();
  expect(token).toMatch(/^vpd_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`••••${token.slice(-4)}`);
  await expect(row).toContainText('Active');
  await expect(page.getByText(token)).toHaveCount(0);
  const list = await page.request.get(`/api/pullData/${deccan.id}`);
  expect(await list.text()).not.toContain(token);

  // A third party reads with the token alone: no session cookie, no console header.
  const thirdParty = await playwright.request.newContext({ baseURL: baseURL! });
  const from = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const read = () =>
    thirdParty.get('/api/pull/data', {
      params: { monitoringPointId: pullToken.monitoringPoints[0]!.id, from },
      headers: { Authorization: `Bearer ${token}` },
    });
  const answer = await read();
  expect(answer.status()).toBe(200);
  const data = (await answer.json()) as Data;
  expect(data.dim).toBe('minute_15');
  expect(data.series.map((series) => series.label)).toEqual(['PM']);
  expect(data.series[0]!.points.length).toBeGreaterThan(0);

  // Revoked in the console after confirming: the same read is refused.
  await row.getByRole('button', { name: `Revoke the token issued to ${name}` }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `Revoke the token issued to "${name}"?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expectNotice(page, 'Token revoked.');
  await expect(row).toContainText('Revoked');
  const refused = await read();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOKEN_INVALID');
  await thirdParty.dispose();
});
