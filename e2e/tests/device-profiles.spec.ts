import type { Page } from '@playwright/test';
import { CONSOLE_HEADERS, uniqueName } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

interface ProfilePage {
  items: { id: number; name: string; version: number }[];
}

async function fetchProfiles(page: Page, offset: number): Promise<ProfilePage> {
  const response = await page.request.get(`/api/profiles/devices/all?offset=${offset}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProfilePage;
}

/**
 * A profile of the test's own, through the API. Its name sorts after every
 * demo profile, so the demo list's pages stay as they are for other tests.
 */
async function createProfile(page: Page, prefix: string, body: Record<string, unknown> = {}) {
  const name = uniqueName(`Zz E2E ${prefix}`);
  const response = await page.request.post('/api/profiles/devices', {
    headers: CONSOLE_HEADERS,
    data: { name, type: 'custom', description: 'Made by a browser test', params: [], ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

test('the profile list loads the next page as it scrolls, and stops at the end', async ({
  signedInAsSite: page,
}) => {
  const first = await fetchProfiles(page, 0);
  expect(first.items).toHaveLength(20);
  const second = await fetchProfiles(page, first.items.length);
  const secondFirst = second.items[0]!.name;

  await page.goto('/devices/profiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Device profiles' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Device profiles' });
  await expect(list.getByRole('article')).toHaveCount(20);
  await expect(list.getByRole('article', { name: secondFirst, exact: true })).toHaveCount(0);
  await expect(page.getByText('20 profiles shown')).toBeVisible();

  // Scrolling to the end of the list brings the second page, then the empty one that ends it.
  const end = page.getByText(/^That is the whole list: \d+ profiles\.$/);
  await expect(async () => {
    await list.getByRole('article').last().scrollIntoViewIfNeeded();
    await expect(end).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(list.getByRole('article', { name: secondFirst, exact: true })).toBeVisible();
  expect(await list.getByRole('article').count()).toBeGreaterThan(20);
  await expect(page.getByRole('button', { name: 'Load more profiles' })).toHaveCount(0);
});

test('a profile is edited: a catalogue parameter is added with its unit and monitoring turned off', async ({
  signedInAsSite: page,
}) => {
  const profile = await createProfile(page, 'edit');
  await page.goto('/devices/profiles?type=custom');
  const card = page.getByRole('article', { name: profile.name, exact: true });
  await expect(card).toContainText('Monitoring enabled');
  await expect(card).toContainText('No parameters');
  // The list has settled (no page on its way), so the card stays where the click lands.
  await expect(
    page
      .getByText(/^That is the whole list: \d+ profiles\.$/)
      .or(page.getByRole('button', { name: 'Load more profiles' })),
  ).toBeVisible();

  await card.getByRole('button', { name: `Edit ${profile.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit device profile' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Stack gases for the kiln');
  await dialog.getByRole('textbox', { name: 'Add parameter' }).fill('SO2');
  await pickOption(dialog.getByRole('textbox', { name: 'Add parameter' }), /^SO2 \(mg\/Nm3\)$/);
  await expect(dialog.getByRole('textbox', { name: 'Unit of SO2' })).toHaveValue('mg/Nm³');
  await pickOption(dialog.getByRole('textbox', { name: 'Unit of SO2' }), 'ppm', { exact: true });
  await dialog.getByRole('switch', { name: 'Monitoring enabled' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Profile Edited Successfully.');
  await expect(dialog).toBeHidden();

  await expect(card).toContainText('Stack gases for the kiln');
  await expect(card).toContainText('SO2 · ppm');
  await expect(card).toContainText('Monitoring disabled');
});

test('a profile is deleted after confirming, and leaves the list', async ({ signedInAsSite: page }) => {
  const profile = await createProfile(page, 'delete');
  await page.goto('/devices/profiles?type=custom');
  const card = page.getByRole('article', { name: profile.name, exact: true });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Delete ${profile.name}` }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: `Delete the device profile "${profile.name}"?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Profile deleted successfully.');
  await expect(card).toHaveCount(0);
  // Gone on the server too, not only from the page.
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Device profiles' }).getByRole('article').first(),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: profile.name, exact: true })).toHaveCount(0);
});
