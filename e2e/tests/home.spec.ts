import type { Locator, Page } from '@playwright/test';
import {
  CONSOLE_HEADERS,
  createOwnIndustry,
  createUser,
  getJson,
  postJson,
  setPassword,
  uniqueName,
} from '../api';
import { expect, signIn, test, USERS } from '../fixtures';

/**
 * The home screen (/home) per user type: the platform's cards and charts show
 * what the server counted for the demo data, and an industry the test makes
 * (one live point, one without devices, a yearly plan) sees exactly its own.
 */

const PASSWORD = 'Home#Pass42';

/** The parts of `GET /api/home/overview` the tests read. */
interface Freshness {
  total: number;
  live: number;
  delayed: number;
  offline: number;
}
interface DeliveryDay {
  day: string;
  expected: number;
  delivered: number;
  refused: number;
  pending: number;
  noData: number;
  expired: number;
  deliveredShare: number;
}
interface Overview {
  view: string;
  accounts: {
    tenants: { total: number; enabled: number; disabled: number };
    partners: number;
    users: number;
  };
  monitoringPoints: Freshness;
  industries: Freshness | null;
  alerts: { open: number; last24h: number; newest: { tenantName: string }[] };
  delivery: { mappedIndustries: number; today: DeliveryDay; days: DeliveryDay[] };
  subscriptions: {
    expiring: number;
    soonest: { tenantId: number; tenantName: string; daysLeft: number }[];
  } | null;
}

/** Whole numbers in the Indian grouping (1,23,456), as the console writes them. */
const indian = (value: number) => {
  const digits = String(value);
  const head = digits.slice(0, -3);
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
};
const percent = (part: number, total: number) =>
  `${indian(total === 0 ? 0 : Math.round((part / total) * 100))} %`;

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectLegend(section: Locator, counts: Freshness) {
  await expect(
    section.getByRole('list', { name: 'Monitoring points by freshness' }).getByRole('listitem'),
  ).toHaveText([
    `Live: ${indian(counts.live)} (${percent(counts.live, counts.total)})`,
    `Delayed: ${indian(counts.delayed)} (${percent(counts.delayed, counts.total)})`,
    `Offline: ${indian(counts.offline)} (${percent(counts.offline, counts.total)})`,
  ]);
}

test(
  'the platform’s home shows the cards and charts of what the server counted',
  { tag: '@demo-data' },
  async ({ page }) => {
    // The numbers the screen drew are those of its own call (the demo's freshness moves with the clock).
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/home/overview') && r.ok());
    await signIn(page, USERS.site);
    const overview = (await (await answered).json()) as Overview;
    expect(overview.view).toBe('platform');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome, Platform Administrator' }),
    ).toBeVisible();
    const industries = card(page, 'Industries');
    await expect(
      industries.getByText(indian(overview.accounts.tenants.total), { exact: true }),
    ).toBeVisible();
    await expect(industries.getByText(`Enabled: ${indian(overview.accounts.tenants.enabled)}`)).toBeVisible();
    await expect(
      card(page, 'Partners').getByText(indian(overview.accounts.partners), { exact: true }),
    ).toBeVisible();
    await expect(
      card(page, 'Open alerts').getByText(indian(overview.alerts.open), { exact: true }),
    ).toBeVisible();

    // Freshness: the ring is drawn, its numbers are written beside it.
    const freshness = card(page, 'Data freshness');
    expect(overview.monitoringPoints.total).toBeGreaterThan(0);
    await expect(freshness.getByTestId('freshness-chart').locator('svg').first()).toBeVisible();
    await expectLegend(freshness, overview.monitoringPoints);
    const lines = overview.industries!;
    await expect(freshness.getByTestId('industries-freshness')).toHaveText(
      `${indian(lines.live)} live, ${indian(lines.delayed)} delayed, ${indian(lines.offline)} offline of ${indian(lines.total)}`,
    );

    // Delivery: the demo maps one industry to its board; seven bars and the same numbers in a table.
    const delivery = card(page, 'Delivery to boards');
    expect(overview.delivery.mappedIndustries).toBeGreaterThan(0);
    await expect(delivery.getByTestId('delivery-chart').locator('svg').first()).toBeVisible();
    const today = overview.delivery.today;
    const todayNumbers = delivery.getByTestId('delivery-today');
    await expect(todayNumbers.locator('[data-key="delivered"]')).toHaveText(indian(today.delivered));
    await expect(todayNumbers.locator('[data-key="pending"]')).toHaveText(indian(today.pending));
    await expect(todayNumbers.locator('[data-key="expected"]')).toHaveText(indian(today.expected));
    const table = delivery.getByRole('table', { name: 'Slots by day, last 7 days' });
    await expect(table.getByRole('row')).toHaveCount(8);
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText([
      indian(today.delivered),
      indian(today.refused),
      indian(today.pending),
      indian(today.noData),
      indian(today.expired),
      indian(today.expected),
      today.expected > 0 ? `${indian(Math.round(today.deliveredShare * 100))} %` : '—',
    ]);

    // Alerts and subscriptions lead on to their screens.
    const alerts = card(page, 'Alerts');
    await expect(alerts.getByRole('link', { name: 'View all alerts' })).toHaveAttribute(
      'href',
      '/alerts?open=true',
    );
    await expect(alerts.getByRole('list', { name: 'Newest open alerts' }).getByRole('listitem')).toHaveCount(
      overview.alerts.newest.length,
    );
    const expiring = card(page, 'Subscriptions ending within 30 days');
    const soonest = overview.subscriptions!.soonest;
    expect(soonest.length, 'the demo has subscriptions ending this month').toBeGreaterThan(0);
    await expect(expiring.getByRole('listitem')).toHaveCount(soonest.length);
    const first = soonest[0]!;
    await expect(expiring.getByRole('listitem').first()).toContainText(
      `${indian(first.daysLeft)} day${first.daysLeft === 1 ? '' : 's'} left`,
    );
    await expiring.getByRole('link', { name: first.tenantName }).click();
    await expect(page).toHaveURL(new RegExp(`/subscription/${first.tenantId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Subscription of ${first.tenantName}` }),
    ).toBeVisible();
  },
);

/** Today in India (`YYYY-MM-DD`) and the whole days from it to a date. */
const daysFromTodayInIndia = (date: string) => {
  const today = new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
};

test('an industry’s home counts its own points and shows its plan with the days left', async ({
  browser,
  page,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, USERS.site);
  const industry = await createOwnIndustry(admin, 'E2E Home Cement');
  const kiln = await postJson<{ id: number }>(admin, `/api/tenants/${industry.id}/entities`, {
    name: 'Kiln Stack E2E',
    entityType: 'stack',
    properties: { stackHeight: 90, stackDiameter: 3.5 },
  });
  // A point with no device yet: offline.
  await postJson(admin, `/api/tenants/${industry.id}/entities`, {
    name: 'Coal Mill Stack E2E',
    entityType: 'stack',
    properties: { stackHeight: 60, stackDiameter: 2 },
  });
  const makes = await getJson<{ id: number; name: string }[]>(admin, '/api/Analyser/make');
  const horiba = makes.find((make) => make.name === 'Horiba')!;
  const models = await getJson<{ id: number; name: string }[]>(admin, `/api/modelByMake/${horiba.id}`);
  const model = models.find((item) => item.name === 'ENDA-5000')!;
  const parameters = await getJson<{ id: number; label: string }[]>(admin, `/api/models/${model.id}/params`);
  const so2 = parameters.find((parameter) => parameter.label === 'SO2')!;
  const device = await postJson<{ id: number }>(admin, '/api/devices', {
    tenantId: industry.id,
    name: uniqueName('Kiln Gas Analyser'),
    serialNumber: uniqueName('HOR-HOME').replace(/\s+/g, '-'),
    dataFrequency: 15,
    monitoringPointId: kiln.id,
    modelId: model.id,
    dataUploadMethod: 'MODBUS',
    params: [{ parameterId: so2.id, enabled: true, unit: 'mg/Nm3' }],
  });
  const client = await postJson<{ id: number }>(admin, '/api/createEdgeClientUser', {
    emailId: `${uniqueName('edge').replace(/\W/g, '.')}@e2e.example`.toLowerCase(),
    tenantId: industry.id,
    keyAllowed: 1,
  });
  const { token } = await postJson<{ token: string }>(admin, '/api/getEdgeClientToken', {
    clientTokenId: client.id,
  });
  // A reading within its standard, now: the kiln stack is live and nothing is alerted.
  const sent = await postJson<{ accepted: number }>(
    admin,
    '/api/ingest',
    {
      readings: [
        { deviceId: device.id, parameter: so2.id, time: new Date().toISOString(), value: 42, unit: 'mg/Nm3' },
      ],
    },
    { Authorization: `Bearer ${token}` },
  );
  expect(sent.accepted).toBe(1);
  // A yearly plan, paid (the platform approves its invoice).
  const order = await postJson<{ invoice: { id: number; version: number } }>(admin, '/api/subscription', {
    tenantId: industry.id,
    planCode: 'OCEMS-BASIC',
    addons: [],
  });
  const approved = await admin.request.put(`/api/invoices/${order.invoice.id}/status`, {
    headers: CONSOLE_HEADERS,
    data: { status: 'APPROVED', version: order.invoice.version },
  });
  expect(approved.ok(), `approving the invoice answered ${approved.status()}`).toBe(true);
  const { subscription } = await getJson<{ subscription: { periodEnd: string } | null }>(
    admin,
    `/api/subscription/${industry.id}`,
  );
  const daysLeft = daysFromTodayInIndia(subscription!.periodEnd);
  const userName = `${uniqueName('ehs.head').replace(/\W/g, '.')}@e2e.example`.toLowerCase();
  const head = await createUser(admin, industry.id, { name: 'Meera Joshi', email: userName, role: 'user' });
  await setPassword(admin, head.id, PASSWORD);
  await admin.close();

  await signIn(page, userName, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Meera Joshi' })).toBeVisible();
  const points = card(page, 'Monitoring points');
  await expect(points.getByText('2', { exact: true })).toBeVisible();
  await expect(points.getByText('1 live of 2')).toBeVisible();
  // Partners' and the platform's cards are not an industry's.
  await expect(card(page, 'Industries')).toHaveCount(0);
  await expect(card(page, 'Partners')).toHaveCount(0);

  const freshness = card(page, 'Data freshness');
  await expect(freshness.getByTestId('freshness-chart').locator('svg').first()).toBeVisible();
  await expectLegend(freshness, { total: 2, live: 1, delayed: 0, offline: 1 });

  await expect(card(page, 'Open alerts').getByText('0', { exact: true })).toBeVisible();
  await expect(card(page, 'Alerts').getByText('No open alerts.')).toBeVisible();
  await expect(card(page, 'Delivered to boards today').getByText('Not sending to a board')).toBeVisible();
  await expect(
    card(page, 'Delivery to boards').getByText('No industry here sends its data to a board yet.'),
  ).toBeVisible();

  await expect(card(page, 'Plan days left').getByText(indian(daysLeft), { exact: true })).toBeVisible();
  const plan = card(page, 'Your plan');
  await expect(plan.getByText('OCEMS Basic')).toBeVisible();
  await expect(plan.getByText('Active')).toBeVisible();
  await expect(plan.getByText(`${indian(daysLeft)} days left`, { exact: false })).toBeVisible();
  await plan.getByRole('link', { name: 'Open subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${industry.id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Subscription of ${industry.name}` }),
  ).toBeVisible();
});
