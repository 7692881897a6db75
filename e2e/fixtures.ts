import { test as base, expect, type Page } from '@playwright/test';

/** Demo users seeded on first start (README). They all share the demo password. */
export const DEMO_PASSWORD = 'Vayu@Demo2026';
export const USERS = {
  site: 'admin@vayu.demo',
  partner: 'partner@greensense.demo',
  tenant: 'ehs@vapiagro.demo',
  /** Only the change-password test signs in as this user. */
  passwordChanger: 'shift.chemist@deccancement.demo',
} as const;

export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export const test = base.extend<{ signedInAsSite: Page }>({
  signedInAsSite: async ({ page }, use) => {
    await signIn(page, USERS.site);
    await use(page);
  },
});

export { expect };
