import { createOwnIndustry, createUser, setPassword, uniqueName } from '../api';
import { expect, expectNotice, signIn, test, USERS } from '../fixtures';

test.describe('sign-in', () => {
  test(
    'the demo site operator signs in and sees home with real counts',
    { tag: '@demo-data' },
    async ({ page }) => {
      await signIn(page, USERS.site);
      await expect(page.getByRole('heading', { name: 'Welcome, Platform Administrator' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Industries', exact: true })).toBeVisible();
      // 16 demo industries, 13 enabled and 3 disabled
      await expect(
        page.getByRole('region', { name: 'Industries', exact: true }).getByText('16', { exact: true }),
      ).toBeVisible();
      await expect(page.getByText('Enabled: 13')).toBeVisible();
    },
  );

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(USERS.site);
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid user name or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a partner sees only its own industries on home', { tag: '@demo-data' }, async ({ page }) => {
    await signIn(page, USERS.partner);
    // GreenSense Instruments has 5 of the 16 demo industries, 2 of them disabled
    await expect(page.getByText('Enabled: 3')).toBeVisible();
    await expect(page.getByText('Disabled: 2')).toBeVisible();
  });
});

test.describe('redirect rules', () => {
  test('without a session every page leads to /login', async ({ page }) => {
    for (const path of ['/', '/home', '/partners', '/profile']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
  });

  test('/ sends a site user home; unknown paths go to / and on', async ({ signedInAsSite: page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a tenant user is sent to /unauthorised from a site-only page, and from / to /login', async ({
    page,
  }) => {
    await signIn(page, USERS.tenant);
    await expect(page.getByRole('link', { name: 'Partners' })).toHaveCount(0);
    await page.goto('/partners');
    await expect(page).toHaveURL(/\/unauthorised$/);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(`Signed in as ${USERS.tenant}`)).toBeVisible();
  });

  test('the add-account forms lead to /unauthorised for users who may not add that type of account', async ({
    page,
  }) => {
    await signIn(page, USERS.tenant);
    for (const type of ['partner', 'statutory']) {
      await page.goto(`/new/tenants/${type}/0`);
      await expect(page).toHaveURL(/\/unauthorised$/);
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    }
  });

  test('a partner admin may open the industry form but not the board account form', async ({ page }) => {
    await signIn(page, USERS.partner);
    await page.goto('/new/tenants/statutory/0');
    await expect(page).toHaveURL(/\/unauthorised$/);
    await page.goto('/new/tenants/partner/0');
    await expect(page.getByRole('heading', { name: 'Add Industry', level: 1 })).toBeVisible();
  });

  test('a corrupt stored user clears storage and leads to /login', async ({ signedInAsSite: page }) => {
    await page.evaluate(() => {
      window.localStorage.setItem('vayu.user', '{not json');
      window.localStorage.setItem('vayu.module', 'energy');
    });
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  });
});

test.describe('session end', () => {
  test('a 401 from any call clears the session and goes to /login', async ({
    signedInAsSite: page,
    context,
  }) => {
    await page.getByRole('link', { name: 'Partners' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    // The header's alerts bell has its count (its first call is in), so the click below makes the next call.
    await expect(
      page.getByRole('link', { name: /^(Alerts: none open|(More than )?[\d,]+ open alerts?)$/ }),
    ).toBeVisible();
    // the server forgets the session (expired, or ended elsewhere)
    await context.clearCookies();
    // The filter's click makes a call. The bell polls every minute, so on a slow machine its call may get the
    // 401 first and lead to /login before the click lands: either call ending the session is what is tested.
    await page
      .getByRole('radiogroup', { name: 'Status' })
      .getByText('Disabled')
      .click({ timeout: 15_000 })
      .catch((error: unknown) => {
        if (!/\/login$/.test(page.url())) throw error;
      });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('vayu.user'))).toBeNull();
  });

  test('sign out clears local storage, ends the session and goes to /login', async ({
    signedInAsSite: page,
  }) => {
    await page.getByRole('button', { name: USERS.site }).click();
    // Local storage is cleared first (spec §4), so the page may show /login before the
    // sign-out call has been answered: the session is checked once that answer is in.
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    expect((await signedOut).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    const me = await page.request.get('/api/users/loggedin');
    expect(me.status()).toBe(401);
  });

  test('sign out still goes to /login when the logout call fails', async ({ signedInAsSite: page }) => {
    await page.route('**/api/logout', (route) => route.abort('failed'));
    await page.getByRole('button', { name: USERS.site }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('vayu.user'))).toBeNull();
  });
});

test.describe('change password', () => {
  test('validates the policy and the confirmation, then changes the password', async ({ browser, page }) => {
    // A user of its own, with a password its account's admin set.
    const admin = await browser.newPage();
    await signIn(admin, USERS.site);
    const tenant = await createOwnIndustry(admin, 'E2E Password Works');
    const userName = `${uniqueName('chemist').replace(/\W/g, '.')}@e2e.example`.toLowerCase();
    const user = await createUser(admin, tenant.id, {
      name: 'Shift Chemist',
      email: userName,
      role: 'admin',
    });
    await setPassword(admin, user.id, 'First#Pass42');
    await admin.close();

    await signIn(page, userName, 'First#Pass42');
    await page.getByRole('button', { name: userName }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });

    await dialog.getByLabel('New password').fill('short');
    await dialog.getByLabel('Confirm password').fill('short');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('Password must be 8 to 15 characters long').first()).toBeVisible();

    await dialog.getByLabel('New password').fill('Fresh#Pass42');
    await dialog.getByLabel('Confirm password').fill('Fresh#Pass43');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();

    await dialog.getByLabel('Confirm password').fill('Fresh#Pass42');
    await dialog.getByLabel('Current password').fill('Wrong#Pass42');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('This is not your current password.')).toBeVisible();

    await dialog.getByLabel('Current password').fill('First#Pass42');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectNotice(page, 'Change password successfully.');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: userName }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByLabel('Email').fill(userName);
    await page.getByLabel('Password').fill('First#Pass42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid user name or password.');
    await signIn(page, userName, 'Fresh#Pass42');
  });
});
