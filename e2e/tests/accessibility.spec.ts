import axe from 'axe-core';
import type { BrowserContext, Page } from '@playwright/test';
import { fetchPartners, findTenant, getJson } from '../api';
import { test as base, DEMO_PASSWORD, expect, pickOption, signIn, USERS } from '../fixtures';

/**
 * Every route of the console (apps/web/src/app/routes.tsx), each opened by a
 * user who may see it, plus open dialogs and header menus, checked with axe
 * against WCAG 2.0 and 2.1 A and AA: no violation of impact serious or
 * critical may remain.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const AXE_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: WCAG_TAGS },
  resultTypes: ['violations'],
  // Label in Name (2.5.3, level A) is an experimental rule that axe leaves out unless asked.
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

/** The demo users of the README, one of each kind. */
const DEMO = {
  site: USERS.site,
  partner: 'partner@enviroanalytics.demo',
  industry: 'ehs@deccancement.demo',
  corporate: 'corporate@sahyadrigroup.demo',
  statutory: 'officer@mpcb.demo',
} as const;

type DemoUser = keyof typeof DEMO;
type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Each test opens a fresh context already signed in as `user` (null: a
 * visitor). A user signs in through the form once a worker; the session
 * (cookie and stored user) is reused by that user's later tests.
 *
 * The route checks of one user share one page (`routePage`) and move from
 * route to route inside the console, as a person clicking through it does,
 * instead of loading the console again for each route; a page whose test
 * failed is closed, so the next test starts on a fresh one.
 */
const test = base.extend<
  { user: DemoUser | null; routePage: Page },
  { sessions: Map<DemoUser, SessionState>; routePages: Map<DemoUser, Page> }
>({
  user: [null, { option: true }],
  sessions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  routePages: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pages = new Map<DemoUser, Page>();
      await use(pages);
      for (const page of pages.values()) await page.context().close();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ user, sessions, browser, baseURL }, use) => {
    if (!user) {
      await use(undefined);
      return;
    }
    let state = sessions.get(user);
    if (!state) {
      const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
      await signIn(await context.newPage(), DEMO[user], DEMO_PASSWORD);
      state = await context.storageState();
      await context.close();
      sessions.set(user, state);
    }
    await use(state);
  },
  routePage: async ({ user, routePages, browser, baseURL, storageState }, use, testInfo) => {
    if (!user) {
      const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
      await use(await context.newPage());
      await context.close();
      return;
    }
    let shared = routePages.get(user);
    if (!shared) {
      const context = await browser.newContext({ baseURL, storageState, reducedMotion: 'reduce' });
      shared = await context.newPage();
      routePages.set(user, shared);
    }
    await use(shared);
    if (testInfo.status !== testInfo.expectedStatus) {
      routePages.delete(user);
      await shared.context().close();
    }
  },
});

/** What the page shows once loaded: its level-1 heading and, for lists, the table with its rows. */
interface RouteCheck {
  /** The route as written in the route table. */
  route: string;
  /** The address to open; ids come from the demo data through the API. */
  path?: (page: Page) => Promise<string>;
  heading: string | RegExp;
  /** A further sign that the content is there, e.g. the list's table with its rows counted. */
  ready?: (page: Page) => Promise<void>;
}

const table = (name: string | RegExp) => (page: Page) =>
  expect(page.getByRole('table', { name })).toBeVisible();
const button = (name: RegExp) => (page: Page) =>
  expect(page.getByRole('button', { name }).first()).toBeVisible();
/** The home screen with its numbers in every panel (none still loading). */
const homeReady = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 2, name: 'Data freshness' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};
/** The alerts list, or its empty state (the demo's alerts depend on when the server last judged them). */
const alertsList = (page: Page) =>
  expect(
    page
      .getByRole('table', { name: /^Alerts 1–/ })
      .or(page.getByText('No alerts: none open and none begun in the last 24 hours.')),
  ).toBeVisible();
const profileCards = (page: Page) =>
  expect(page.getByRole('list', { name: 'Device profiles' }).getByRole('article').first()).toBeVisible();

async function firstId(page: Page, url: string): Promise<number> {
  const { items } = await getJson<{ items: { id: number }[] }>(page, url);
  expect(items.length, `${url} has no rows`).toBeGreaterThan(0);
  return items[0]!.id;
}

async function ownAccountId(page: Page): Promise<number> {
  return (await getJson<{ account: { id: number } }>(page, '/api/users/loggedin')).account.id;
}

const deccanCementId = async (page: Page) => (await findTenant(page, 'Deccan Cement Works')).id;

/** The demo board (MPCB) and Deccan Cement Works' mapping at it. */
async function demoBoardIds(page: Page): Promise<{ statId: number; deccanId: number }> {
  const { items } = await getJson<{ items: { statId: number; name: string }[] }>(
    page,
    '/api/pcbConfiguration',
  );
  const board = items.find((item) => item.name === 'MPCB Online Monitoring (OCEMS)');
  expect(board, 'the demo board').toBeDefined();
  const tenants = await getJson<{ items: { id: number; tenantName: string }[] }>(
    page,
    `/api/pcbConfiguration/${board!.statId}/tenants`,
  );
  const deccan = tenants.items.find((item) => item.tenantName === 'Deccan Cement Works');
  expect(deccan, 'Deccan Cement Works at the demo board').toBeDefined();
  return { statId: board!.statId, deccanId: deccan!.id };
}

/** The first invoice the user sees (of a status, when given): the demo has paid, pending and rejected ones. */
async function firstInvoiceId(page: Page, status?: 'PENDING' | 'PAID' | 'REJECTED'): Promise<number> {
  return firstId(page, `/api/invoices${status ? `?status=${status}` : ''}`);
}

const enviroPartnerId = async (page: Page) =>
  (await getJson<{ account: { id: number; type: string } }>(page, '/api/users/loggedin')).account.type ===
  'partner'
    ? ownAccountId(page)
    : (await fetchPartners(page)).find((item) => item.name === 'Enviro Analytics Pvt Ltd')!.id;

const demoBoardPath = async (page: Page, tab?: string) =>
  `/viewRegulator/${(await demoBoardIds(page)).statId}${tab ? `?tab=${tab}` : ''}`;

const demoIndustryPath = async (page: Page, tab?: string) => {
  const { statId, deccanId } = await demoBoardIds(page);
  return `/viewRegulator/${statId}/industry/${deccanId}${tab ? `?tab=${tab}` : ''}`;
};

async function sickId(page: Page): Promise<number> {
  const makes = await getJson<{ id: number; name: string }[]>(page, '/api/make');
  const sick = makes.find((make) => make.name === 'SICK');
  expect(sick, 'the demo make SICK').toBeDefined();
  return sick!.id;
}

const ROUTES: Record<DemoUser | 'visitor', RouteCheck[]> = {
  visitor: [
    { route: '/login', heading: 'Sign in to Vayu' },
    { route: '/unauthorised', heading: 'Access denied' },
    {
      route: '/activate/:token (unknown link)',
      path: async () => '/activate/no-such-activation-token-anywhere',
      heading: 'This link cannot be used',
    },
    {
      route: '/reset-password/:token (unknown link)',
      path: async () => '/reset-password/no-such-reset-token-anywhere',
      heading: 'This link cannot be used',
    },
  ],
  site: [
    { route: '/home', heading: 'Welcome, Platform Administrator', ready: homeReady },
    { route: '/profile', heading: 'User Profile' },
    { route: '/partners', heading: 'Partners', ready: table(/^Partners \(\d+\)$/) },
    {
      route: '/accounts/:accountType/:accountId/view (partner)',
      path: async (page) => {
        const partner = (await fetchPartners(page)).find((item) => item.name === 'Enviro Analytics Pvt Ltd')!;
        return `/accounts/partner/${partner.id}/view`;
      },
      heading: 'Enviro Analytics Pvt Ltd',
      ready: table(/^Users \(\d+\)$/),
    },
    { route: '/tenants', heading: 'Industries', ready: table(/^Industries: /) },
    {
      route: '/new/tenants/:type/:tenantId (add industry)',
      path: async () => '/new/tenants/partner/0',
      heading: 'Add Industry',
    },
    {
      route: '/new/tenants/:type/:tenantId (add statutory account)',
      path: async () => '/new/tenants/statutory/0',
      heading: 'Add Statutory Account',
    },
    {
      route: '/new/tenants/:type/:tenantId (edit industry)',
      path: async (page) => `/new/tenants/partner/${await deccanCementId(page)}`,
      heading: 'Edit Industry',
      ready: (page) => expect(page.getByRole('textbox', { name: 'City' })).not.toHaveValue(''),
    },
    {
      route: '/accounts/:accountType/:accountId/view (industry)',
      path: async (page) => `/accounts/tenant/${await deccanCementId(page)}/view`,
      heading: 'Deccan Cement Works',
      ready: table(/^Users \(\d+\)$/),
    },
    {
      route: '/subscription/:tenantId',
      path: async (page) => `/subscription/${await deccanCementId(page)}`,
      heading: 'Subscription of Deccan Cement Works',
      ready: (page) => expect(page.getByRole('region', { name: 'Site settings' })).toBeVisible(),
    },
    {
      route: '/selectplan/:tenantId',
      path: async (page) => `/selectplan/${await deccanCementId(page)}`,
      heading: 'Choose a plan',
      ready: (page) => expect(page.getByRole('radio', { name: /^OCEMS Pro/ })).toBeVisible(),
    },
    {
      route: '/checkout/:invoiceId (awaiting payment)',
      path: async (page) => `/checkout/${await firstInvoiceId(page, 'PENDING')}`,
      heading: 'Checkout',
      ready: (page) => expect(page.getByRole('heading', { level: 2, name: /^Invoice VY\// })).toBeVisible(),
    },
    { route: '/invoices', heading: 'Invoices', ready: table(/^Invoices 1–/) },
    {
      route: '/invoices/:invoiceId',
      path: async (page) => `/invoices/${await firstInvoiceId(page)}`,
      heading: 'Invoices',
      ready: (page) =>
        expect(
          page.getByRole('dialog', { name: 'Invoice' }).getByRole('heading', { name: /^Invoice VY\// }),
        ).toBeVisible(),
    },
    { route: '/payments', heading: 'Payments', ready: table(/^Payments 1–/) },
    { route: '/reports', heading: 'Reports', ready: table(/^Reports 1–/) },
    {
      route: '/reports?tenantId=&tab=schedules',
      path: async (page) => `/reports?tenantId=${await deccanCementId(page)}&tab=schedules`,
      heading: 'Reports',
      ready: table(/^Schedules 1–/),
    },
    {
      route: '/statutory/reports',
      heading: 'Reports of the board’s industries',
      ready: table(/^Reports 1–/),
    },
    { route: '/plans', heading: 'Plans and add-ons', ready: table(/^Plans \(\d+\)$/) },
    { route: '/coupons', heading: 'Coupons', ready: table(/^Coupons \(\d+\)$/) },
    {
      route: '/manage/:accountType/discounts (industry)',
      path: async (page) => `/manage/tenant/discounts?accountId=${await deccanCementId(page)}`,
      heading: 'Discounts of Deccan Cement Works',
      ready: table(/^Plans \(\d+\)$/),
    },
    {
      route: '/manage/:accountType/discounts (partner)',
      path: async (page) => `/manage/partner/discounts?accountId=${await enviroPartnerId(page)}`,
      heading: 'Discounts of Enviro Analytics Pvt Ltd',
      ready: table(/^Plans \(\d+\)$/),
    },
    { route: '/users', heading: 'List of Users', ready: table(/^Users \(\d+\)$/) },
    { route: '/corporate-list', heading: 'Corporates', ready: table(/^Corporates \(\d+\)$/) },
    {
      route: '/industry-category',
      heading: 'Industry categories',
      ready: table(/^Industry categories \(\d+\)$/),
    },
    { route: '/auditLog', heading: 'Audit log', ready: table(/^Audit log entries /) },
    {
      route: '/auditDetails/:id',
      path: async (page) => `/auditDetails/${await firstId(page, '/api/auditLogs')}`,
      heading: /^Audit entry \d+$/,
    },
    {
      route: '/mongo/auditLog',
      heading: 'Audit log documents',
      ready: (page) => expect(page.getByRole('listitem', { name: /^Entry \d+/ }).first()).toBeVisible(),
    },
    { route: '/logs', heading: 'Logs', ready: table(/^Activity /) },
    { route: '/parameterlist', heading: 'Parameters', ready: table(/^Parameters 1–/) },
    {
      route: '/derived-param-list',
      heading: 'Derived parameters',
      ready: table(/^Derived parameters 1–/),
    },
    {
      route: '/add-derived-param',
      heading: 'Add derived parameter',
      ready: button(/^Insert /),
    },
    {
      route: '/add-derived-param?id= (edit)',
      path: async (page) => `/add-derived-param?id=${await firstId(page, '/api/derivedParameters')}`,
      heading: 'Edit derived parameter',
      ready: button(/^Insert /),
    },
    {
      route: '/diagnosticParams',
      heading: 'Diagnostic Params',
      ready: table(/^Diagnostic Params 1–/),
    },
    { route: '/addDiagnosticParam', heading: 'Add Diagnostic Param' },
    {
      route: '/editDiagnosticParam/:diagnosticParamId',
      path: async (page) => `/editDiagnosticParam/${await firstId(page, '/api/diagnosticParams')}`,
      heading: 'Edit Diagnostic Param',
    },
    { route: '/energy/params', heading: 'Energy parameters', ready: table(/^Energy parameters 1–/) },
    { route: '/energy/param/add', heading: 'Add Energy Parameter' },
    {
      route: '/energy/param/:id/edit',
      path: async (page) => `/energy/param/${await firstId(page, '/api/energy/parameters')}/edit`,
      heading: 'Edit Energy Parameter',
    },
    {
      route: '/energy/parameter',
      heading: 'Standard energy parameters',
      ready: table(/^Standard energy parameters 1–/),
    },
    {
      route: '/param/:parameterId/edit',
      path: async (page) => {
        const { items } = await getJson<{ items: { parameter: { id: number } }[] }>(
          page,
          '/api/energy/parameters',
        );
        return `/param/${items[0]!.parameter.id}/edit`;
      },
      heading: 'Edit Standard Parameter',
    },
    { route: '/metric', heading: 'Metrics', ready: table(/^Metrics 1–/) },
    { route: '/addMetric', heading: 'Add Metric' },
    {
      route: '/master-category',
      heading: 'Master categories',
      ready: table(/^Master categories \(\d+\)$/),
    },
    { route: '/makes', heading: 'Makes and models', ready: table(/^Makes \(\d+\)$/) },
    {
      route: '/makes/:makeId/models',
      path: async (page) => `/makes/${await sickId(page)}/models`,
      heading: 'Models of SICK',
      ready: table(/^Models of SICK \(\d+\)$/),
    },
    {
      route: '/makes/:makeId/models/add',
      path: async (page) => `/makes/${await sickId(page)}/models/add`,
      heading: 'Models of SICK',
      ready: (page) => expect(page.getByRole('dialog', { name: 'Add model to SICK' })).toBeVisible(),
    },
    { route: '/model/types', heading: 'Model types', ready: table(/^Model types \(\d+\)$/) },
    { route: '/devices', heading: 'Devices', ready: table(/^Devices 1–20 of \d+$/) },
    {
      route: '/devices/add',
      path: async (page) => `/devices/add?tenantId=${await deccanCementId(page)}`,
      heading: 'Devices',
      ready: (page) => expect(page.getByRole('dialog', { name: 'Add device' })).toBeVisible(),
    },
    {
      route: '/devices/:deviceId/edit',
      path: async (page) =>
        `/devices/${await firstId(page, `/api/devices?tenantId=${await deccanCementId(page)}`)}/edit`,
      heading: 'Devices',
      ready: (page) =>
        expect(
          page
            .getByRole('dialog', { name: 'Edit device' })
            .getByRole('checkbox', { name: /^Monitor / })
            .first(),
        ).toBeVisible(),
    },
    {
      route: '/devices/:deviceId/readings',
      path: async (page) =>
        `/devices/${await firstId(page, `/api/devices?tenantId=${await deccanCementId(page)}`)}/readings`,
      // the device's name
      heading: /\S/,
      ready: (page) => expect(page.getByRole('table').first()).toBeVisible(),
    },
    { route: '/edgeClientKey', heading: 'IoT edge client keys' },
    { route: '/appVendor', heading: 'Push-data apps' },
    { route: '/regulator', heading: 'State boards', ready: table(/^Boards \(\d+\)$/) },
    {
      route: '/regulator/groundWater',
      heading: 'Ground water (CGWA)',
      ready: table(/^Ground water points /),
    },
    {
      route: '/viewRegulator/:statId',
      path: (page) => demoBoardPath(page),
      heading: 'MPCB Online Monitoring (OCEMS)',
      ready: table(/^Industries mapped \(\d+\)$/),
    },
    {
      route: '/viewRegulator/:statId?tab=parameters',
      path: (page) => demoBoardPath(page, 'parameters'),
      heading: 'MPCB Online Monitoring (OCEMS)',
      ready: table(/^Units \(\d+\)$/),
    },
    {
      route: '/viewRegulator/:statId?tab=accounts',
      path: (page) => demoBoardPath(page, 'accounts'),
      heading: 'MPCB Online Monitoring (OCEMS)',
      ready: table(/^Industries 1–/),
    },
    {
      route: '/viewRegulator/:statId/industry/:regulatorTenantId',
      path: (page) => demoIndustryPath(page),
      heading: 'Deccan Cement Works',
      ready: table(/^Stations \(\d+\)$/),
    },
    {
      route: '/viewRegulator/:statId/industry/:regulatorTenantId?tab=devices',
      path: (page) => demoIndustryPath(page, 'devices'),
      heading: 'Deccan Cement Works',
      ready: table(/^Device mappings \(\d+\)$/),
    },
    {
      route: '/viewRegulator/:statId/industry/:regulatorTenantId?tab=timeline',
      path: (page) => demoIndustryPath(page, 'timeline'),
      heading: 'Deccan Cement Works',
      ready: table(/^Slots by day/),
    },
    {
      route: '/viewRegulator/:statId/industry/:regulatorTenantId?tab=attempts',
      path: (page) => demoIndustryPath(page, 'attempts'),
      heading: 'Deccan Cement Works',
      ready: (page) => expect(page.getByRole('heading', { level: 2, name: 'Push attempts' })).toBeVisible(),
    },
    { route: '/devices/profiles', heading: 'Device profiles', ready: profileCards },
    { route: '/devices/offline/remark', heading: 'Device offline remarks' },
    {
      route: '/devices/offline/remark?tenantId= (an industry chosen)',
      path: async (page) => `/devices/offline/remark?tenantId=${await deccanCementId(page)}`,
      heading: 'Device offline remarks',
      ready: (page) =>
        expect(page.getByRole('textbox', { name: 'Industry' })).toHaveValue(/^Deccan Cement Works/),
    },
    { route: '/alerts', heading: 'Alerts', ready: alertsList },
    {
      route: '/alerts?tenantId= (an industry chosen)',
      path: async (page) => `/alerts?tenantId=${await deccanCementId(page)}`,
      heading: 'Alerts',
      ready: async (page) => {
        await expect(page.getByRole('region', { name: 'Alerts of Deccan Cement Works' })).toBeVisible();
        await alertsList(page);
      },
    },
    {
      route: '/alerts?tab=limits (an industry chosen)',
      path: async (page) => `/alerts?tab=limits&tenantId=${await deccanCementId(page)}`,
      heading: 'Alerts',
      ready: table(/^Limits \(\d+\)$/),
    },
  ],
  partner: [
    { route: '/home', heading: /^Welcome, /, ready: homeReady },
    { route: '/tenants', heading: 'Industries', ready: table(/^Industries: /) },
    {
      route: '/subscription/:tenantId (an industry of the partner)',
      path: async (page) => `/subscription/${await deccanCementId(page)}`,
      heading: 'Subscription of Deccan Cement Works',
    },
    {
      route: '/invoices (the partner’s industries)',
      path: async () => '/invoices',
      heading: 'Invoices',
      ready: table(/^Invoices 1–/),
    },
    {
      route: '/payments (the partner’s industries)',
      path: async () => '/payments',
      heading: 'Payments',
      ready: table(/^Payments 1–/),
    },
    {
      route: '/coupons (the platform’s and its own)',
      path: async () => '/coupons',
      heading: 'Coupons',
      ready: table(/^Coupons \(\d+\)$/),
    },
    {
      route: '/manage/:accountType/discounts (own partner account)',
      path: async (page) => `/manage/partner/discounts?accountId=${await ownAccountId(page)}`,
      heading: 'Discounts of Enviro Analytics Pvt Ltd',
      ready: table(/^Plans \(\d+\)$/),
    },
    { route: '/users', heading: 'List of Users', ready: table(/^Users \(\d+\)$/) },
    {
      route: '/accounts/:accountType/:accountId/view (own partner account)',
      path: async (page) => `/accounts/partner/${await ownAccountId(page)}/view`,
      heading: 'Enviro Analytics Pvt Ltd',
      ready: table(/^Users \(\d+\)$/),
    },
  ],
  industry: [
    { route: '/home', heading: /^Welcome, /, ready: homeReady },
    { route: '/alerts (own industry)', path: async () => '/alerts', heading: 'Alerts', ready: alertsList },
    {
      route: '/alerts?tab=limits (own industry)',
      path: async () => '/alerts?tab=limits',
      heading: 'Alerts',
      ready: table(/^Limits \(\d+\)$/),
    },
    {
      route: '/devices (own industry)',
      path: async () => '/devices',
      heading: 'Devices',
      ready: table(/^Devices 1–\d+ of \d+$/),
    },
    { route: '/devices/profiles', heading: 'Device profiles', ready: profileCards },
    {
      route: '/devices/offline/remark (own industry)',
      path: async () => '/devices/offline/remark',
      heading: 'Device offline remarks',
    },
    {
      route: '/accounts/:accountType/:accountId/view (own industry)',
      path: async (page) => `/accounts/tenant/${await ownAccountId(page)}/view`,
      heading: 'Deccan Cement Works',
      ready: table(/^Users \(\d+\)$/),
    },
    {
      route: '/subscription/:tenantId (own industry)',
      path: async (page) => `/subscription/${await ownAccountId(page)}`,
      heading: 'Subscription of Deccan Cement Works',
      ready: (page) => expect(page.getByRole('region', { name: 'Usage' })).toBeVisible(),
    },
    {
      route: '/selectplan/:tenantId (own industry)',
      path: async (page) => `/selectplan/${await ownAccountId(page)}`,
      heading: 'Choose a plan',
      ready: (page) => expect(page.getByRole('radio', { name: /^OCEMS Pro/ })).toBeVisible(),
    },
    {
      route: '/checkout/:invoiceId (own paid invoice)',
      path: async (page) => `/checkout/${await firstInvoiceId(page)}`,
      heading: 'Checkout',
      ready: (page) => expect(page.getByRole('heading', { level: 2, name: /^Invoice VY\// })).toBeVisible(),
    },
    {
      route: '/invoices (own industry)',
      path: async () => '/invoices',
      heading: 'Invoices',
      ready: table(/^Invoices 1–/),
    },
    {
      route: '/payments (own industry)',
      path: async () => '/payments',
      heading: 'Payments',
      ready: table(/^Payments 1–/),
    },
    {
      route: '/reports (own industry)',
      path: async () => '/reports',
      heading: 'Reports',
      ready: (page) => expect(page.getByRole('region', { name: 'Request a report' })).toBeVisible(),
    },
  ],
  corporate: [
    { route: '/home', heading: /^Welcome, /, ready: homeReady },
    { route: '/tenants', heading: 'Industries', ready: table(/^Industries: /) },
    {
      route: '/accounts/:accountType/:accountId/view (own corporate account)',
      path: async (page) => `/accounts/corporate/${await ownAccountId(page)}/view`,
      heading: 'Sahyadri Group (Corporate EHS)',
    },
  ],
  statutory: [
    { route: '/home', heading: /^Welcome, /, ready: homeReady },
    { route: '/tenants', heading: 'Industries', ready: table(/^Industries: /) },
    {
      route: '/accounts/:accountType/:accountId/view (own statutory account)',
      path: async (page) => `/accounts/statutory/${await ownAccountId(page)}/view`,
      heading: 'Maharashtra Pollution Control Board',
    },
    {
      route: '/regulator (own board)',
      path: async () => '/regulator',
      heading: 'State boards',
      ready: table(/^Boards \(1\)$/),
    },
    {
      route: '/viewRegulator/:statId (own board)',
      path: (page) => demoBoardPath(page, 'accounts'),
      heading: 'MPCB Online Monitoring (OCEMS)',
      ready: table(/^Industries 1–/),
    },
    {
      route: '/statutory/reports (own board)',
      path: async () => '/statutory/reports',
      heading: 'Reports of the board’s industries',
      ready: table(/^Reports 1–/),
    },
  ],
};

/**
 * Waits until nothing loads or moves: no busy region, no loading overlay, and
 * every finite animation or transition (dialogs and menus fade in) finished, so
 * colours are measured as they end up.
 */
async function waitUntilSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Runs axe on the page and fails, listing each rule and element, on any serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  await waitUntilSettled(page);
  // axe is loaded into a page once (the route checks move through one page) and runs in the page
  // itself: the console has no frames to combine. Only violations are collected, not every passing node.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    AXE_OPTIONS,
  );
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const count = blocking.reduce((sum, violation) => sum + violation.nodes.length, 0);
  test.info().annotations.push({ type: 'axe', description: `${count} serious or critical on ${page.url()}` });
  if (blocking.length > 0) {
    await test.info().attach('axe-violations.json', {
      body: JSON.stringify(blocking, null, 2),
      contentType: 'application/json',
    });
  }
  const report = blocking.flatMap((violation) => [
    `${violation.id} (${violation.impact}, ${violation.nodes.length}x): ${violation.help}`,
    ...violation.nodes.map(
      (node) =>
        `    ${node.target.join(' >> ')}: ${(node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? node.failureSummary}`,
    ),
  ]);
  expect(report, `${count} serious or critical axe violations on ${page.url()}`).toEqual([]);
}

/** Opens `path`: inside the running console the router follows the address, as after a click on a link. */
async function goTo(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Closes the open dialog or menu with Escape, as a keyboard user does, so the shared page moves on
 * clean. A dialog gets the focus first: in a select, Escape belongs to the select.
 */
async function closeWithEscape(page: Page, role: 'dialog' | 'menu') {
  if (role === 'dialog') await page.getByRole('dialog').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole(role)).toHaveCount(0);
}

async function openRoute(page: Page, check: RouteCheck) {
  const path = check.path ? await check.path(page) : check.route;
  await goTo(page, path);
  await expect(page.getByRole('heading', { level: 1, name: check.heading, exact: true })).toBeVisible();
  await check.ready?.(page);
}

for (const [user, routes] of Object.entries(ROUTES) as [DemoUser | 'visitor', RouteCheck[]][]) {
  test.describe(user === 'visitor' ? 'routes for visitors' : `routes as ${DEMO[user]}`, () => {
    test.use({ user: user === 'visitor' ? null : user });
    for (const check of routes) {
      test(check.route, async ({ routePage }) => {
        await openRoute(routePage, check);
        await expectNoSeriousViolations(routePage);
      });
    }
  });
}

test.describe('set-password form (a valid link)', () => {
  for (const [route, purpose, heading] of [
    ['/activate/:token', 'ACTIVATION', 'Activate your account'],
    ['/reset-password/:token', 'RESET', 'Set a new password'],
  ] as const) {
    test(route, async ({ page }) => {
      // A real token reaches its user by e-mail only: the token check answers here as for a valid link.
      await page.route('**/api/auth/password-token/*', (request) =>
        request.fulfill({ json: { userName: 'new.user@example.com', purpose } }),
      );
      await page.goto(route.replace(':token', 'a-valid-looking-token-for-the-form'));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The checklist of password rules shows what is met as the person types.
      await page.getByLabel(/^New password/).fill('short');
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('dialogs and menus', () => {
  test.use({ user: 'site' });

  const dialogs: { route: string; heading: string; open: string | RegExp; submitEmpty?: boolean }[] = [
    { route: '/tenants', heading: 'Industries', open: /^Subscription of / },
    { route: '/tenants', heading: 'Industries', open: /^Migrate partner of / },
    { route: '/users', heading: 'List of Users', open: 'Add New User' },
    { route: '/users', heading: 'List of Users', open: /^Edit / },
    { route: '/partners', heading: 'Partners', open: 'Add Partner' },
    { route: '/parameterlist', heading: 'Parameters', open: 'Add Parameter' },
    { route: '/parameterlist', heading: 'Parameters', open: /^Edit / },
    { route: '/parameterlist', heading: 'Parameters', open: /^Units of Active Power/ },
    { route: '/industry-category', heading: 'Industry categories', open: 'Add Category', submitEmpty: true },
    { route: '/corporate-list', heading: 'Corporates', open: 'Add Corporate' },
    { route: '/master-category', heading: 'Master categories', open: 'Add master category' },
    { route: '/makes', heading: 'Makes and models', open: 'Add make', submitEmpty: true },
    { route: '/model/types', heading: 'Model types', open: /^Edit CEMS$/ },
    { route: '/devices/profiles', heading: 'Device profiles', open: 'Add profile', submitEmpty: true },
    { route: '/devices/profiles', heading: 'Device profiles', open: /^Edit CEMS / },
    { route: '/regulator', heading: 'State boards', open: 'Add board', submitEmpty: true },
    { route: '/plans', heading: 'Plans and add-ons', open: 'Add plan', submitEmpty: true },
    { route: '/plans', heading: 'Plans and add-ons', open: /^Edit plan / },
    { route: '/plans', heading: 'Plans and add-ons', open: /^Edit add-on / },
    { route: '/coupons', heading: 'Coupons', open: 'Add coupon', submitEmpty: true },
    { route: '/invoices?status=PENDING', heading: 'Invoices', open: /^Approve invoice / },
    { route: '/payments?status=PENDING', heading: 'Payments', open: /^Reject the payment / },
    { route: '/reports', heading: 'Reports', open: /^E-mail report /, submitEmpty: true },
  ];
  for (const dialog of dialogs) {
    test(`${dialog.route}: the "${String(dialog.open)}" dialog`, async ({ routePage: page }) => {
      await goTo(page, dialog.route);
      await expect(page.getByRole('heading', { level: 1, name: dialog.heading })).toBeVisible();
      await page.getByRole('button', { name: dialog.open }).first().click();
      const opened = page.getByRole('dialog');
      await expect(opened).toBeVisible();
      if (dialog.submitEmpty) {
        // Sent empty, the form shows its error messages (in the error colour) and saves nothing.
        await opened.locator('button[type="submit"]').click();
        await expect(opened.locator('[aria-invalid="true"]').first()).toBeVisible();
      }
      await expectNoSeriousViolations(page);
      await closeWithEscape(page, 'dialog');
    });
  }

  test('/master-category: the delete confirmation', async ({ routePage: page }) => {
    await goTo(page, '/master-category');
    await expect(page.getByRole('table', { name: /^Master categories \(\d+\)$/ })).toBeVisible();
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });

  test('/makes/:makeId/models: the add model dialog with its errors, and the edit dialog', async ({
    routePage: page,
  }) => {
    await goTo(page, `/makes/${await sickId(page)}/models`);
    await expect(page.getByRole('table', { name: /^Models of SICK \(\d+\)$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Add model' }).click();
    const add = page.getByRole('dialog', { name: 'Add model to SICK' });
    await add.locator('button[type="submit"]').click();
    await expect(add.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit model' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/devices/add: the device dialog with its rules marked and the NOx settings', async ({
    routePage: page,
  }) => {
    await goTo(page, `/devices/add?tenantId=${await deccanCementId(page)}`);
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    await expect(dialog).toBeVisible();
    await pickOption(dialog.getByRole('textbox', { name: /^Analyser make/ }), 'Horiba', { exact: true });
    await pickOption(dialog.getByRole('textbox', { name: /^Analyser model/ }), 'ENDA-5000 (CEMS)');
    await expect(dialog.getByRole('group', { name: 'NOx', exact: true })).toBeVisible();
    await dialog.getByRole('switch', { name: /^NDIR enabled/ }).check();
    await dialog.getByRole('button', { name: 'Add device' }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/viewRegulator/:statId: the industry, key files and device mapping dialogs', async ({
    routePage: page,
  }) => {
    await goTo(page, await demoBoardPath(page));
    const industries = page.getByRole('table', { name: /^Industries mapped \(\d+\)$/ });
    await expect(industries).toBeVisible();
    await page.getByRole('button', { name: 'Add industry' }).click();
    const add = page.getByRole('dialog', { name: 'Add industry to the board' });
    await add.locator('button[type="submit"]').click();
    await expect(add.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
    await industries.getByRole('button', { name: 'Keys of Deccan Cement Works' }).click();
    await expect(page.getByRole('dialog', { name: 'Key files of Deccan Cement Works' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');

    await goTo(page, await demoIndustryPath(page, 'devices'));
    await expect(page.getByRole('table', { name: /^Device mappings \(\d+\)$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Map device parameter' }).click();
    const map = page.getByRole('dialog', { name: 'Map a device parameter' });
    await map.locator('button[type="submit"]').click();
    await expect(map.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/subscription/:tenantId: the plan change wizard (its summary) and the cancel dialog', async ({
    routePage: page,
  }) => {
    await goTo(page, `/subscription/${await deccanCementId(page)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Subscription of Deccan Cement Works' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Change plan' }).click();
    const wizard = page.getByRole('dialog', { name: 'Change plan' });
    await wizard.getByRole('radio', { name: /^OCEMS Multi-Site/ }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('heading', { name: 'Buy add-ons' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await wizard.getByRole('textbox', { name: /^Remote calibration/ }).fill('2');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('table', { name: 'Order lines' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel subscription' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/manage/:accountType/discounts: the apply coupon dialog', async ({ routePage: page }) => {
    await goTo(page, `/manage/tenant/discounts?accountId=${await deccanCementId(page)}`);
    await expect(page.getByRole('table', { name: /^Plans \(\d+\)$/ })).toBeVisible();
    await page
      .getByRole('button', { name: /^Apply coupon to / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Apply coupon to / });
    await dialog.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/accounts/:accountType/:accountId/view: the address dialog', async ({ routePage: page }) => {
    await goTo(page, `/accounts/tenant/${await deccanCementId(page)}/view`);
    await expect(page.getByRole('heading', { level: 1, name: 'Deccan Cement Works' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit billing address' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/accounts/:accountType/:accountId/view: the monitoring point dialog with its errors', async ({
    routePage: page,
  }) => {
    await goTo(page, `/accounts/tenant/${await deccanCementId(page)}/view`);
    await expect(page.getByRole('heading', { level: 1, name: 'Deccan Cement Works' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Kiln / Raw Mill Stack' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit monitoring point' });
    await dialog.getByRole('textbox', { name: 'Stack height (m)' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/accounts/:accountType/:accountId/view: the camera dialog with its errors', async ({
    routePage: page,
  }) => {
    await goTo(page, `/accounts/tenant/${await deccanCementId(page)}/view`);
    await expect(page.getByRole('heading', { level: 1, name: 'Deccan Cement Works' })).toBeVisible();
    await page.getByRole('button', { name: 'Add camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add camera' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/devices/offline/remark: the add remark dialog with its errors', async ({ routePage: page }) => {
    await goTo(page, `/devices/offline/remark?tenantId=${await deccanCementId(page)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Device offline remarks' })).toBeVisible();
    await page.getByRole('button', { name: 'Add remark' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add offline remark' });
    await dialog.getByRole('button', { name: 'Add remark' }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    // The first wrong field, the device search, has the focus and opens its list of devices:
    // closed with Escape, as a keyboard user does, so that the dialog with its errors is checked.
    const device = dialog.getByRole('textbox', { name: 'Device' });
    await expect(device).toBeFocused();
    await device.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  test('/devices: the supporting documents and calibration dialogs', async ({ routePage: page }) => {
    await goTo(page, '/devices');
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
    await page
      .getByRole('button', { name: /^Documents of / })
      .first()
      .click();
    const documents = page.getByRole('dialog', { name: /^Supporting documents: / });
    await expect(documents.getByRole('rowheader', { name: 'Instrument accuracy' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await documents.getByRole('tab', { name: 'Update documents' }).click();
    await expect(documents.getByRole('textbox', { name: 'Instrument accuracy' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');

    await page
      .getByRole('button', { name: /^Calibration of / })
      .first()
      .click();
    const calibration = page.getByRole('dialog', { name: /^Calibration: / });
    await expect(calibration.getByRole('tabpanel', { name: 'Latest calibration' })).toBeVisible();
    await calibration.getByRole('tab', { name: 'Record calibration' }).click();
    await expect(calibration.getByRole('button', { name: 'Record calibration' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await calibration.getByRole('tab', { name: 'Auto clean and calibrate' }).click();
    await expect(calibration.getByRole('button', { name: 'Auto clean' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await closeWithEscape(page, 'dialog');
  });

  for (const menu of ['Masters menu', 'Audit menu', 'Module: Enviro', 'Language: English', DEMO.site]) {
    test(`the header's "${menu}" menu`, async ({ routePage: page }) => {
      await goTo(page, '/home');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Welcome, Platform Administrator' }),
      ).toBeVisible();
      await page.getByRole('banner').getByRole('button', { name: menu }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page);
      await closeWithEscape(page, 'menu');
    });
  }
});
