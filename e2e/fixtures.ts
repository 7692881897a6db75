import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Demo users seeded on first start (README). They all share the demo password. */
export const DEMO_PASSWORD = 'Vayu@Demo2026';
export const USERS = {
  site: 'admin@vayu.demo',
  partner: 'partner@greensense.demo',
  tenant: 'ehs@vapiagro.demo',
  /** A board officer (Maharashtra PCB): sees the industries mapped to the board. */
  statutory: 'officer@mpcb.demo',
} as const;

export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // The address changes as the console starts: wait for the console's own header (its navigation),
  // or a click on the header could still reach the sign-in page's.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

export const test = base.extend<{ signedInAsSite: Page }>({
  signedInAsSite: async ({ page }, use) => {
    await signIn(page, USERS.site);
    await use(page);
  },
});

export { expect };

/**
 * Chooses an option of a select. A select opened in the same instant its page
 * renders may miss the click, so this opens it again until the option shows.
 */
export async function pickOption(field: Locator, name: string | RegExp, options: { exact?: boolean } = {}) {
  const option = field.page().getByRole('option', { name, ...options });
  await expect(async () => {
    if (!(await option.isVisible())) await field.click();
    await expect(option).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await option.click();
}
