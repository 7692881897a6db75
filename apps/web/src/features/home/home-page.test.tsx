import { act, screen, within } from '@testing-library/react';
import type { ComplianceDay, HomeOverview } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { i18n } from '../../i18n';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './home-page';

const day = (date: string, values: Partial<ComplianceDay> = {}): ComplianceDay => ({
  day: date,
  expected: 0,
  delivered: 0,
  refused: 0,
  pending: 0,
  noData: 0,
  expired: 0,
  deliveredShare: 0,
  ...values,
});

const DAYS = ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'];
const today = day('2026-03-10', {
  expected: 40,
  delivered: 30,
  refused: 2,
  pending: 5,
  noData: 3,
  deliveredShare: 0.75,
});

const partnerOverview: HomeOverview = {
  view: 'partner',
  generatedAt: '2026-03-10T04:37:00.000Z',
  accounts: { tenants: { total: 1250, enabled: 1200, disabled: 50 }, partners: 1, users: 310 },
  industries: { total: 1250, live: 1000, delayed: 150, offline: 100 },
  monitoringPoints: { total: 2400, live: 1800, delayed: 400, offline: 200 },
  alerts: {
    open: 12,
    openByType: { EXCEEDANCE: 9, OFFLINE: 3 },
    last24h: 15,
    newest: [
      {
        id: 501,
        type: 'EXCEEDANCE',
        tenantId: 31,
        tenantName: 'Deccan Cement Works',
        monitoringPointName: 'Kiln Stack 1',
        deviceName: 'PM analyser',
        parameterLabel: 'PM',
        startedAt: '2026-03-10T04:10:00.000Z',
      },
      {
        id: 502,
        type: 'OFFLINE',
        tenantId: 32,
        tenantName: 'Narmada Chlor-Alkali Ltd',
        monitoringPointName: 'ETP Outlet',
        deviceName: 'pH meter',
        parameterLabel: null,
        startedAt: '2026-03-09T20:00:00.000Z',
      },
    ],
  },
  delivery: {
    mappedIndustries: 3,
    statId: null,
    today,
    days: [
      ...DAYS.map((date) => day(date, { expected: 96, delivered: 90, refused: 6, deliveredShare: 0.938 })),
      today,
    ],
  },
  subscriptions: {
    expiring: 7,
    soonest: [
      {
        tenantId: 31,
        tenantName: 'Deccan Cement Works',
        planCode: 'OCEMS-PRO',
        planName: 'OCEMS Pro',
        periodEnd: '2026-03-15',
        daysLeft: 5,
        cancelAtPeriodEnd: false,
      },
    ],
  },
  plan: null,
};

const industryOverview: HomeOverview = {
  view: 'industry',
  generatedAt: '2026-03-10T04:37:00.000Z',
  accounts: { tenants: { total: 1, enabled: 1, disabled: 0 }, partners: 0, users: 4 },
  industries: null,
  monitoringPoints: { total: 0, live: 0, delayed: 0, offline: 0 },
  alerts: { open: 0, openByType: { EXCEEDANCE: 0, OFFLINE: 0 }, last24h: 0, newest: [] },
  delivery: { mappedIndustries: 0, statId: null, today: day('2026-03-10'), days: [] },
  subscriptions: null,
  plan: {
    tenantId: 31,
    planCode: 'OCEMS-BASIC',
    planName: 'OCEMS Basic',
    status: 'ACTIVE',
    periodEnd: '2026-04-01',
    daysLeft: 22,
    cancelAtPeriodEnd: false,
  },
};

function renderHome(
  handler: Parameters<typeof createApiMock>[0][string],
  userType: 'partner' | 'tenant' = 'partner',
) {
  setStoredUser(
    buildUser({
      userType,
      account: {
        ...buildUser().account,
        name: userType === 'partner' ? 'Green Analytics' : 'Deccan Cement Works',
        type: userType,
      },
    }),
  );
  const api = createApiMock({ 'GET /api/home/overview': handler });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return renderWithProviders(<HomePage />, { route: '/home' });
}

describe('HomePage', () => {
  it('shows a partner its industries, freshness, delivery, alerts and subscriptions in the Indian format', async () => {
    renderHome(() => jsonResponse(partnerOverview));
    expect(screen.getByRole('heading', { name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(screen.getByText('Green Analytics · Partner account')).toBeInTheDocument();

    const industries = screen.getByRole('region', { name: 'Industries' });
    expect(within(industries).getByText('Loading ...')).toBeInTheDocument();
    expect(await within(industries).findByText('1,250')).toBeInTheDocument();
    expect(within(industries).getByText('Disabled: 50')).toBeInTheDocument();
    // Partners are the platform's to count.
    expect(screen.queryByRole('region', { name: 'Partners' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Users' })).getByText('310')).toBeInTheDocument();
    const openAlerts = screen.getByRole('region', { name: 'Open alerts' });
    expect(within(openAlerts).getByText('12')).toBeInTheDocument();
    expect(within(openAlerts).getByText('15 in the last 24 hours')).toBeInTheDocument();
    const deliveredToday = screen.getByRole('region', { name: 'Delivered to boards today' });
    expect(within(deliveredToday).getByText('75 %')).toBeInTheDocument();
    expect(within(deliveredToday).getByText('30 of 40 slots')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Ending within 30 days' })).getByText('7'),
    ).toBeInTheDocument();

    const freshness = screen.getByRole('region', { name: 'Data freshness' });
    const legend = within(freshness).getByRole('list', { name: 'Monitoring points by freshness' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Live: 1,800 (75 %)', 'Delayed: 400 (17 %)', 'Offline: 200 (8 %)']);
    expect(within(freshness).getByText('1,000 live, 150 delayed, 100 offline of 1,250')).toBeInTheDocument();

    const delivery = screen.getByRole('region', { name: 'Delivery to boards' });
    expect(within(delivery).getByText('3 industries send to a board.')).toBeInTheDocument();
    // The chart's numbers, for those who do not see it.
    const table = within(delivery).getByRole('table', { name: 'Slots by day, last 7 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(
      within(rows[7]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['30', '2', '5', '3', '0', '40', '75 %']);

    const alertsSection = screen.getByRole('region', { name: 'Alerts' });
    expect(within(alertsSection).getByText('Exceedance: 9')).toBeInTheDocument();
    expect(within(alertsSection).getByText('15 alerts in the last 24 hours')).toBeInTheDocument();
    const alertList = within(alertsSection).getByRole('list', { name: 'Newest open alerts' });
    expect(
      within(alertList).getByRole('link', { name: 'Deccan Cement Works · Kiln Stack 1 · PM' }),
    ).toHaveAttribute('href', '/alerts?tenantId=31&open=true');
    expect(
      within(alertList).getByRole('link', {
        name: 'Narmada Chlor-Alkali Ltd · ETP Outlet · pH meter silent',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all alerts' })).toHaveAttribute(
      'href',
      '/alerts?open=true',
    );

    const expiring = screen.getByRole('region', { name: 'Subscriptions ending within 30 days' });
    expect(within(expiring).getByText('7 subscriptions end within 30 days.')).toBeInTheDocument();
    expect(within(expiring).getByRole('link', { name: 'Deccan Cement Works' })).toHaveAttribute(
      'href',
      '/subscription/31',
    );
    expect(within(expiring).getByText('5 days left')).toBeInTheDocument();
    expect(within(expiring).getByText('and 6 more')).toBeInTheDocument();
  });

  it('shows an industry its plan and says what it has not got yet', async () => {
    renderHome(() => jsonResponse(industryOverview), 'tenant');
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(plan).findByText('OCEMS Basic')).toBeInTheDocument();
    expect(within(plan).getByText(/22 days left/)).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Open subscription' })).toHaveAttribute(
      'href',
      '/subscription/31',
    );
    expect(
      within(screen.getByRole('region', { name: 'Plan days left' })).getByText('22'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Monitoring points' })).getByText('0'),
    ).toBeInTheDocument();

    expect(screen.getByText('No monitoring points yet.')).toBeInTheDocument();
    expect(screen.getByText('No industry here sends its data to a board yet.')).toBeInTheDocument();
    expect(screen.getByText('No open alerts.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Industries' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Subscriptions ending within 30 days' }),
    ).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    renderHome(() => jsonResponse(partnerOverview));
    await act(() => i18n.changeLanguage('hi'));
    const alerts = await screen.findByRole('region', { name: 'अलर्ट' });
    expect(await within(alerts).findByText('पिछले 24 घंटों में 15 अलर्ट')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'खुले अलर्ट' })).getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'डेटा की ताज़गी' })).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the overview', async () => {
    let attempt = 0;
    const { user } = renderHome(() =>
      ++attempt === 1
        ? errorResponse(500, 'INTERNAL', 'Database unavailable')
        : jsonResponse(partnerOverview),
    );
    expect(await screen.findByText('The summary could not be loaded.')).toBeInTheDocument();
    // A 5xx never shows the server's internals.
    expect(screen.getByText('An unknown error has occurred.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('310')).toBeInTheDocument();
  });
});
