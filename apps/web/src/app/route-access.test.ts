import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/fixtures';
import { decideRouteAccess, hasAccess, resolveNavigation, type RouteRule } from './route-access';
import { APP_ROUTES, getNavRoutes } from './routes';

const siteUser = buildUser({ userType: 'site' });
const partnerUser = buildUser({ userType: 'partner', role: 'user' });
const tenantUser = buildUser({ userType: 'tenant' });

describe('resolveNavigation with the app route table', () => {
  it.each([
    ['/', siteUser, '/home'],
    ['/', partnerUser, '/login'],
    ['/', tenantUser, '/login'],
    ['/', null, '/login'],
  ])('sends %s to the right place (spec §2)', (path, user, to) => {
    expect(resolveNavigation(APP_ROUTES, path, user)).toEqual({ type: 'redirect', to });
  });

  it('redirects unknown paths to /', () => {
    expect(resolveNavigation(APP_ROUTES, '/no/such/page', siteUser)).toEqual({ type: 'redirect', to: '/' });
    expect(resolveNavigation(APP_ROUTES, '/no/such/page', null)).toEqual({ type: 'redirect', to: '/' });
  });

  it('sends a visitor who is not signed in to /login', () => {
    for (const path of ['/home', '/profile', '/partners']) {
      expect(resolveNavigation(APP_ROUTES, path, null)).toEqual({ type: 'redirect', to: '/login' });
    }
  });

  it('sends a signed-in user without access to /unauthorised', () => {
    expect(resolveNavigation(APP_ROUTES, '/partners', partnerUser)).toEqual({
      type: 'redirect',
      to: '/unauthorised',
    });
    expect(resolveNavigation(APP_ROUTES, '/partners', tenantUser)).toEqual({
      type: 'redirect',
      to: '/unauthorised',
    });
  });

  it('lets a site user open the partner list', () => {
    expect(resolveNavigation(APP_ROUTES, '/partners', siteUser)).toEqual({ type: 'allow' });
  });

  it('lets any signed-in user open routes without an access setting', () => {
    for (const user of [siteUser, partnerUser, tenantUser]) {
      expect(resolveNavigation(APP_ROUTES, '/home', user)).toEqual({ type: 'allow' });
      expect(resolveNavigation(APP_ROUTES, '/profile', user)).toEqual({ type: 'allow' });
    }
  });

  it('opens public routes without signing in', () => {
    expect(resolveNavigation(APP_ROUTES, '/login', null)).toEqual({ type: 'allow' });
    expect(resolveNavigation(APP_ROUTES, '/unauthorised', null)).toEqual({ type: 'allow' });
  });
});

describe('the account form (issue: add forms open to users who may not add)', () => {
  const siteAdmin = buildUser({ userType: 'site', role: 'admin' });
  const partnerAdmin = buildUser({ userType: 'partner', role: 'admin' });
  const tenantAdmin = buildUser({ userType: 'tenant', role: 'admin' });
  const unauthorised = { type: 'redirect', to: '/unauthorised' };
  const allow = { type: 'allow' };

  it.each([
    ['/new/tenants/partner/0', siteAdmin, allow],
    ['/new/tenants/statutory/0', siteAdmin, allow],
    ['/new/tenants/partner/0', partnerAdmin, allow],
    ['/new/tenants/statutory/0', partnerAdmin, unauthorised],
    ['/new/tenants/partner/0', tenantAdmin, unauthorised],
    ['/new/tenants/statutory/0', tenantAdmin, unauthorised],
    ['/new/tenants/partner/0', buildUser({ userType: 'partner', role: 'user' }), unauthorised],
    ['/new/tenants/partner/0', buildUser({ userType: 'corporate', role: 'admin' }), unauthorised],
  ])('adding at %s: decided by who may add that type of account', (path, user, decision) => {
    expect(resolveNavigation(APP_ROUTES, path, user)).toEqual(decision);
  });

  it('lets account admins open an account to edit it (the API decides which accounts)', () => {
    for (const user of [siteAdmin, partnerAdmin, tenantAdmin]) {
      expect(resolveNavigation(APP_ROUTES, '/new/tenants/partner/12', user)).toEqual(allow);
    }
    const tenantPlainUser = buildUser({ userType: 'tenant', role: 'user' });
    expect(resolveNavigation(APP_ROUTES, '/new/tenants/partner/12', tenantPlainUser)).toEqual(unauthorised);
  });

  it('leaves a type the form does not know to the page, which goes on to / (spec §2)', () => {
    expect(resolveNavigation(APP_ROUTES, '/new/tenants/industry/0', tenantAdmin)).toEqual(allow);
  });
});

describe('decideRouteAccess', () => {
  const siteOnly: RouteRule = { path: '/public/dashboard/:view/:tenantId', access: { userTypes: ['site'] } };

  it('never sends public dashboard paths to /login', () => {
    expect(decideRouteAccess(siteOnly, '/public/dashboard/view/12', null)).toEqual({ type: 'allow' });
  });

  it('checks roles as well as user types', () => {
    const adminsOnly: RouteRule = { path: '/manage', access: { roles: ['admin'] } };
    expect(decideRouteAccess(adminsOnly, '/manage', buildUser({ role: 'admin' }))).toEqual({ type: 'allow' });
    expect(decideRouteAccess(adminsOnly, '/manage', buildUser({ role: 'user' }))).toEqual({
      type: 'redirect',
      to: '/unauthorised',
    });
  });

  it('matches parameterised paths', () => {
    const rules: RouteRule[] = [{ path: '/manage/:accountType/discounts' }];
    expect(resolveNavigation(rules, '/manage/partner/discounts', tenantUser)).toEqual({ type: 'allow' });
    expect(resolveNavigation(rules, '/manage/partner/discounts/extra', tenantUser)).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('treats a missing access setting as any signed-in user', () => {
    expect(hasAccess(undefined, tenantUser)).toBe(true);
    expect(hasAccess({ userTypes: ['site', 'partner'] }, partnerUser)).toBe(true);
    expect(hasAccess({ userTypes: ['site'] }, partnerUser)).toBe(false);
  });
});

describe('getNavRoutes', () => {
  it('shows Home, Partners and the people and master screens to a site user', () => {
    const paths = getNavRoutes(siteUser).map((route) => route.path);
    expect(paths[0]).toBe('/home');
    expect(paths).toEqual(
      expect.arrayContaining(['/partners', '/users', '/corporate-list', '/industry-category']),
    );
  });

  it('hides links the user may not open', () => {
    const tenantAdminPaths = getNavRoutes(tenantUser).map((route) => route.path);
    expect(tenantAdminPaths).toEqual(expect.arrayContaining(['/home', '/users']));
    for (const path of ['/partners', '/corporate-list', '/industry-category']) {
      expect(tenantAdminPaths).not.toContain(path);
    }
    expect(getNavRoutes(partnerUser).map((route) => route.path)).not.toContain('/users');
    expect(getNavRoutes(null)).toEqual([]);
  });
});

describe('the billing screens (subscriptions, invoices, payments, plans, coupons)', () => {
  const partnerAdmin = buildUser({ userType: 'partner', role: 'admin' });
  const billingPaths = ['/plans', '/coupons', '/invoices', '/payments'];
  const billingLinks = (user: ReturnType<typeof buildUser>) =>
    getNavRoutes(user)
      .filter((route) => billingPaths.includes(route.path))
      .map((route) => [route.path, route.nav.group ?? route.nav.menu]);

  it('links plans and coupons in the masters menu and the account’s invoices and payments in the user menu', () => {
    expect(billingLinks(siteUser)).toEqual([
      ['/plans', 'masters'],
      ['/coupons', 'masters'],
      ['/invoices', 'user'],
      ['/payments', 'user'],
    ]);
    expect(billingLinks(partnerAdmin)).toEqual([
      ['/coupons', 'masters'],
      ['/invoices', 'user'],
      ['/payments', 'user'],
    ]);
    expect(billingLinks(partnerUser)).toEqual([
      ['/invoices', 'user'],
      ['/payments', 'user'],
    ]);
    expect(billingLinks(tenantUser)).toEqual([
      ['/invoices', 'user'],
      ['/payments', 'user'],
    ]);
    expect(billingLinks(buildUser({ userType: 'corporate' }))).toEqual([]);
  });

  it('takes the access of the endpoint each screen calls', () => {
    const allow = { type: 'allow' };
    const denied = { type: 'redirect', to: '/unauthorised' };
    expect(resolveNavigation(APP_ROUTES, '/plans', partnerAdmin)).toEqual(denied);
    expect(resolveNavigation(APP_ROUTES, '/coupons', partnerUser)).toEqual(denied);
    expect(resolveNavigation(APP_ROUTES, '/selectplan/21', tenantUser)).toEqual(allow);
    expect(resolveNavigation(APP_ROUTES, '/selectplan/21', { ...tenantUser, role: 'user' })).toEqual(denied);
    expect(resolveNavigation(APP_ROUTES, '/checkout/42', partnerUser)).toEqual(allow);
    expect(resolveNavigation(APP_ROUTES, '/subscription/21', buildUser({ userType: 'statutory' }))).toEqual(
      denied,
    );
    // No access setting (spec §2): the API decides.
    expect(resolveNavigation(APP_ROUTES, '/manage/tenant/discounts', tenantUser)).toEqual(allow);
  });
});
