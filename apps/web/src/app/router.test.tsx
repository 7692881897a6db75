import { act, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../features/auth/api/auth-keys';
import { i18n } from '../i18n';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../test/render';
import { registerSwitchMenus } from './deferred-menu';
import { buildRouteObjects } from './router';
import { APP_ROUTES } from './routes';
import { clearLocalStorage, getStoredUser, setStoredUser, STORAGE_KEYS } from './session';

const emptyDay = {
  day: '2026-03-10',
  expected: 0,
  delivered: 0,
  refused: 0,
  pending: 0,
  noData: 0,
  expired: 0,
  deliveredShare: 0,
};
const noneFresh = { total: 0, live: 0, delayed: 0, offline: 0 };
/** What the home screen shows (`GET /api/home/overview`), the platform's. */
const homeOverview = {
  view: 'platform',
  generatedAt: '2026-03-10T04:37:00.000Z',
  accounts: { tenants: { total: 12, enabled: 9, disabled: 3 }, partners: 4, users: 31 },
  industries: noneFresh,
  monitoringPoints: noneFresh,
  alerts: { open: 0, openByType: { EXCEEDANCE: 0, OFFLINE: 0 }, last24h: 0, newest: [] },
  delivery: { mappedIndustries: 0, statId: null, today: emptyDay, days: [emptyDay] },
  subscriptions: { expiring: 0, soonest: [] },
  plan: null,
};
const siteUser = buildUser();
const tenantUser = buildUser({
  id: 9,
  userName: 'plant@sugarmill.example',
  name: 'Ravi Kumar',
  userType: 'tenant',
  account: {
    id: 30,
    name: 'Sugar Mill Ltd',
    type: 'tenant',
    status: 'ENABLED',
    partnerId: -1,
    corporateId: null,
  },
});

function mockApi(handlers: Parameters<typeof createApiMock>[0]) {
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

function renderApp(route: string) {
  return renderRoutes(buildRouteObjects(), { route });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('routing and guards', () => {
  it('sends a visitor who is not signed in from an unknown path to the sign-in form', async () => {
    mockApi({});
    const { router } = renderApp('/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Sign in to Vayu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in site user from / to /home with real counts', async () => {
    setStoredUser(siteUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    const industries = await screen.findByRole('region', { name: 'Industries' });
    // the card shows a skeleton until the numbers arrive
    expect(await within(industries).findByText('12')).toBeInTheDocument();
    expect(within(industries).getByText('Enabled: 9')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Users' })).getByText('31')).toBeInTheDocument();
    // Site users see the partner list in the header.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Partners' })).toHaveAttribute('href', '/partners');
  });

  it('gathers the master screens in one header menu', async () => {
    setStoredUser(siteUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { user } = renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).queryByRole('link', { name: 'Industry categories' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Masters menu' }));
    // jsdom has no layout for the dropdown's transition: read the items whatever their visibility
    await screen.findByRole('menuitem', { name: 'Industry categories', hidden: true });
    const items = screen.getAllByRole('menuitem', { hidden: true });
    const hrefs = Object.fromEntries(items.map((item) => [item.textContent, item.getAttribute('href')]));
    expect(hrefs).toMatchObject({
      'Industry categories': '/industry-category',
      Parameters: '/parameterlist',
      'Master categories': '/master-category',
    });
  });

  it("gathers alerts, reports and offline remarks in the header's Monitoring menu", async () => {
    setStoredUser(siteUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { user } = renderApp('/home');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
    expect(within(nav).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Monitoring menu' }));
    await screen.findByRole('menuitem', { name: 'Reports', hidden: true });
    // jsdom has no layout for the dropdown's transition: read the items whatever their visibility
    const items = screen.getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Alerts', '/alerts'],
      ['Public dashboard', '/publicDashboard'],
      ['Reports', '/reports'],
      ['Data migration', '/dataMigration'],
      ['Offline remarks', '/devices/offline/remark'],
      ['Pull data', '/pullData'],
      ['Calibration', '/calibrations/schedule'],
      ['Lab reports', '/labReports'],
    ]);
  });

  it("links the activity logs (/logs) in the header's audit menu, after the audit log, for account admins", async () => {
    for (const admin of [siteUser, tenantUser]) {
      setStoredUser(admin);
      mockApi({
        'GET /api/users/loggedin': () => jsonResponse(admin),
        'GET /api/home/overview': () => jsonResponse(homeOverview),
      });
      const { unmount, user } = renderApp('/home');
      const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
      await user.click(within(nav).getByRole('button', { name: 'Audit menu' }));
      await screen.findByRole('menuitem', { name: 'Logs', hidden: true });
      // jsdom has no layout for the dropdown's transition: read the items whatever their visibility
      const items = screen.getAllByRole('menuitem', { hidden: true });
      expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
        ['Audit log', '/auditLog'],
        ['Logs', '/logs'],
      ]);
      unmount();
    }

    await act(() => i18n.changeLanguage('hi'));
    try {
      setStoredUser(siteUser);
      mockApi({
        'GET /api/users/loggedin': () => jsonResponse(siteUser),
        'GET /api/home/overview': () => jsonResponse(homeOverview),
      });
      const { user } = renderApp('/home');
      const nav = (await screen.findAllByRole('navigation', { name: 'मुख्य नेविगेशन' }))[0]!;
      await user.click(within(nav).getByRole('button', { name: 'ऑडिट मेनू' }));
      expect(await screen.findByRole('menuitem', { name: 'लॉग', hidden: true })).toHaveAttribute(
        'href',
        '/logs',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('does not link the activity logs for a user who may not open them', async () => {
    const plainUser = { ...tenantUser, role: 'user' as const };
    setStoredUser(plainUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(plainUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi Kumar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Audit menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Logs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('sends a signed-in tenant user to /unauthorised for the partner list', async () => {
    setStoredUser(tenantUser);
    mockApi({ 'GET /api/users/loggedin': () => jsonResponse(tenantUser) });
    const { router } = renderApp('/partners');

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorised');
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('link', { name: 'Partners' })).not.toBeInTheDocument();
  });

  it('treats a corrupt stored user as signed out', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, '{"userName":');
    mockApi({});
    const { router } = renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Sign in to Vayu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps a corrupt stored user signed out when the console was handed the user at sign-in', async () => {
    // Signing in on the start-up sign-in page hands the user to the console's cache;
    // the stored user is then spoilt before the console has drawn.
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.loggedInUser(), siteUser);
    window.localStorage.setItem(STORAGE_KEYS.user, '{not json');
    window.localStorage.setItem(STORAGE_KEYS.appModule, 'energy');
    const api = mockApi({ 'GET /api/users/loggedin': () => jsonResponse(siteUser) });
    const { router } = renderRoutes(buildRouteObjects(), { route: '/home', queryClient });

    expect(await screen.findByRole('heading', { name: 'Sign in to Vayu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.length).toBe(0);
    expect(api.calls).toHaveLength(0);
  });

  it('does not store the user an answer brings after the session has ended', async () => {
    setStoredUser(siteUser);
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({
      'GET /api/users/loggedin': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { router, queryClient } = renderApp('/home');
    await waitFor(() => expect(api.calls.some((call) => call.url === '/api/users/loggedin')).toBe(true));

    // Signed out in another tab while the refresh was on its way.
    clearLocalStorage();
    answer(jsonResponse(siteUser));

    expect(await screen.findByRole('heading', { name: 'Sign in to Vayu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The answer has been received and handled.
    await waitFor(() => expect(queryClient.getQueryData(authKeys.loggedInUser())).toEqual(siteUser));
    expect(getStoredUser()).toBeNull();
  });

  it('goes to /login and forgets the user when any call answers 401', async () => {
    setStoredUser(siteUser);
    mockApi({
      'GET /api/users/loggedin': () => errorResponse(401, 'UNAUTHENTICATED', 'Sign in to continue.'),
      'GET /api/home/overview': () => errorResponse(401, 'UNAUTHENTICATED', 'Sign in to continue.'),
    });
    const { router } = renderApp('/home');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Vayu' })).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
  });

  it('hides the header on checkout and plan selection pages', async () => {
    setStoredUser(siteUser);
    mockApi({ 'GET /api/users/loggedin': () => jsonResponse(siteUser) });
    const CheckoutPage = lazy(async () => ({ default: () => <h1>Checkout</h1> }));
    const routes = buildRouteObjects([...APP_ROUTES, { path: '/billing/checkout', Page: CheckoutPage }]);
    renderRoutes(routes, { route: '/billing/checkout' });

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

describe('sign-in and sign-out', () => {
  it('signs in and lands on /home', async () => {
    const api = mockApi({
      'POST /api/auth/login': () => jsonResponse(siteUser),
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'Asha.Rao@vayu.example');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(getStoredUser()).toEqual(siteUser);
    const login = api.calls.find((call) => call.url === '/api/auth/login');
    expect(login?.init.body).toBe(
      JSON.stringify({ userName: 'asha.rao@vayu.example', password: 'Secret#123' }),
    );
  });

  it('shows the server message when sign-in is refused', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid user name or password.'),
    });
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'asha.rao@vayu.example');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid user name or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('asha.rao@vayu.example');
  });

  it('asks for both fields before calling the server', async () => {
    const api = mockApi({});
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.calls).toHaveLength(0);
  });

  it('offers Continue and Sign out on /login when already signed in', async () => {
    setStoredUser(siteUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { user, router } = renderApp('/login');

    expect(await screen.findByText('Signed in as asha.rao@vayu.example')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it("links an industry's subscription, invoices and payments in the user menu, not in the header bar", async () => {
    setStoredUser(tenantUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(tenantUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { user } = renderApp('/home');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'plant@sugarmill.example' }));
    await screen.findByRole('menuitem', { name: 'Sign out', hidden: true });
    // jsdom has no layout for the dropdown's transition: read the items whatever their visibility
    const items = screen.getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Profile', '/profile'],
      ['Subscription', '/subscription/30'],
      ['Invoices', '/invoices'],
      ['Payments', '/payments'],
      ['Sign out', null],
    ]);
  });

  it('signs out from the user menu even when the logout call fails', async () => {
    setStoredUser(siteUser);
    const api = mockApi({
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
      'POST /api/logout': () => errorResponse(500, 'INTERNAL', 'Something broke.'),
    });
    const { user, router } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'asha.rao@vayu.example' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));

    expect(await screen.findByRole('heading', { name: 'Sign in to Vayu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.length).toBe(0);
    expect(api.calls.some((call) => call.method === 'POST' && call.url === '/api/logout')).toBe(true);
  });
});

describe('header switches', () => {
  // The console registers the switch menus with its layout (console-root.tsx): its header has them
  // from the start, as here. (Loading them on first use is the sign-in page's way; its tests cover it.)
  beforeAll(async () => {
    registerSwitchMenus(await import('./switch-menu-bodies'));
  }, 120_000);

  it('switches the language to Hindi without a reload and remembers it', async () => {
    setStoredUser(siteUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    // jsdom has no layout for the dropdown's transition: the item is found whatever its visibility.
    await user.click(await screen.findByRole('menuitem', { name: 'हिन्दी', hidden: true }));

    expect(await screen.findByRole('heading', { name: 'स्वागत है, Asha Rao' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(document.cookie).toContain('lang=hi');
  });

  it('shows the current module and switches module with a reload at /', async () => {
    setStoredUser(siteUser);
    mockApi({
      'GET /api/users/loggedin': () => jsonResponse(siteUser),
      'GET /api/home/overview': () => jsonResponse(homeOverview),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Module: Enviro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Energy', hidden: true }));

    expect(window.localStorage.getItem(STORAGE_KEYS.appModule)).toBe('energy');
    expect(assign).toHaveBeenCalledWith('/');
  });
});
