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

/**
 * Records the text of every notice (success or failure notification) the page shows, as it
 * appears. A notice closes after 4 seconds (spec §8); a machine busy enough to delay the test's
 * next look by that long must not make a shown notice count as never shown.
 */
function recordNotices() {
  const seen: string[] = [];
  (window as unknown as { __vayuNotices: string[] }).__vayuNotices = seen;
  const collect = () => {
    const notices = document.querySelectorAll('[data-type="info"], [data-type="alert"]');
    for (const notice of Array.from(notices)) {
      const text = notice.textContent?.trim();
      if (text && !seen.includes(text)) seen.push(text);
    }
  };
  new MutationObserver(collect).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Waits until the page has shown a notice with this text (it may have closed since). */
export async function expectNotice(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (wanted) =>
            ((window as unknown as { __vayuNotices?: string[] }).__vayuNotices ?? []).some((notice) =>
              notice.includes(wanted),
            ),
          text,
        ),
      { message: `a notice saying "${text}"` },
    )
    .toBe(true);
}

export const test = base.extend<{ signedInAsSite: Page }>({
  context: async ({ context }, use) => {
    await context.addInitScript(recordNotices);
    await use(context);
  },
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
