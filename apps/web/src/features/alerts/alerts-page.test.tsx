import { screen, waitFor, within } from '@testing-library/react';
import type { LoggedInUser } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { tenantDetail } from '../tenants/tenants.test-support';
import { AlertsPage } from './alerts-page';
import { buildAlert, buildOfflineAlert, pageOfAlerts } from './alerts.test-support';

type Handlers = Parameters<typeof createApiMock>[0];

const INDUSTRY_USER = buildUser({
  id: 70,
  name: 'Meera Patil',
  userType: 'tenant',
  role: 'user',
  account: {
    id: 5,
    name: 'Deccan Cement Works',
    type: 'tenant',
    status: 'ENABLED',
    partnerId: 2,
    corporateId: null,
  },
});
const COUNTS = { tenantId: 5, open: 1, last24h: 2, byType: { EXCEEDANCE: 1, OFFLINE: 1 } };

function renderAlerts(user: LoggedInUser, route: string, handlers: Handlers) {
  setStoredUser(user);
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderRoutes(
    [
      {
        path: '/alerts',
        element: (
          <>
            <AlertsPage />
            <DialogHost />
          </>
        ),
      },
    ],
    { route },
  );
  return { ...view, api };
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('AlertsPage for an industry’s own users', () => {
  it('shows their alerts with the counts, limit, values, source, times and state', async () => {
    const { api } = renderAlerts(INDUSTRY_USER, '/alerts', {
      'GET /api/alerts/5': () => jsonResponse(pageOfAlerts([buildAlert(), buildOfflineAlert()])),
      'GET /api/alerts/count/5': () => jsonResponse(COUNTS),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Alerts 1–2 of 2' });
    // Their own industry: no industry filter and no industry column.
    expect(screen.queryByRole('textbox', { name: /^Industry/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Industry' })).not.toBeInTheDocument();

    const so2 = within(table).getByRole('row', { name: /SO2/ });
    expect(within(so2).getByText('Exceedance')).toBeInTheDocument();
    expect(within(so2).getByText('Kiln Stack')).toBeInTheDocument();
    expect(within(so2).getByText('Kiln Gas Analyser')).toBeInTheDocument();
    expect(within(so2).getByText('100 mg/Nm³')).toBeInTheDocument();
    expect(so2).toHaveTextContent('Peak 1,250.5 mg/Nm³');
    expect(so2).toHaveTextContent('First 130 mg/Nm³');
    expect(within(so2).getByText('Measured')).toBeInTheDocument();
    expect(within(so2).getByText('Substituted')).toBeInTheDocument();
    expect(within(so2).getByText('Open')).toBeInTheDocument();

    const offline = within(table).getByRole('row', { name: /Effluent Analyser/ });
    expect(within(offline).getByText('Offline')).toBeInTheDocument();
    expect(within(offline).queryByText('Open')).not.toBeInTheDocument();

    const counts = screen.getByRole('region', { name: 'Alerts of your industry' });
    expect(within(counts).getByText('Open').nextSibling).toHaveTextContent('1');
    expect(within(counts).getByText('Last 24 hours').nextSibling).toHaveTextContent('2');
    expect(within(counts).getByText('Offline (24 hours)').nextSibling).toHaveTextContent('1');
    // Never /api/alarm: their own industry's list.
    expect(api.calls.some((call) => call.url.startsWith('/api/alarm'))).toBe(false);
  });

  it('acknowledges an alert after confirming: a notice, and the row names who did it', async () => {
    const acknowledged = buildAlert({
      acknowledgedAt: '2026-11-27T05:10:00.000Z',
      acknowledgedBy: 'Meera Patil',
    });
    let stored = buildAlert();
    const acknowledge = vi.fn(() => {
      stored = acknowledged;
      return jsonResponse(acknowledged);
    });
    const { user } = renderAlerts(INDUSTRY_USER, '/alerts', {
      'GET /api/alerts/5': () => jsonResponse(pageOfAlerts([stored])),
      'GET /api/alerts/count/5': () => jsonResponse(COUNTS),
      'POST /api/alerts/acknowledge/41': acknowledge,
    });
    const row = await screen.findByRole('row', { name: /SO2/ });

    // Cancelling changes nothing.
    await user.click(
      within(row).getByRole('button', { name: 'Acknowledge the alert of SO2 at Kiln Gas Analyser' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert' });
    expect(dialog).toHaveTextContent(
      /Acknowledge the Exceedance alert of SO2 at Kiln Gas Analyser, started .+\? Your name and the time are recorded\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(acknowledge).not.toHaveBeenCalled();

    await user.click(within(row).getByRole('button', { name: /^Acknowledge the alert of SO2/ }));
    dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alert acknowledged.')).toBeInTheDocument();
    expect(acknowledge).toHaveBeenCalledTimes(1);
    const updated = await screen.findByRole('row', { name: /SO2/ });
    expect(within(updated).getByText('By Meera Patil')).toBeInTheDocument();
    expect(within(updated).queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
  });

  it('says so in the user’s words when someone acknowledged the alert first', async () => {
    const { user } = renderAlerts(INDUSTRY_USER, '/alerts', {
      'GET /api/alerts/5': () => jsonResponse(pageOfAlerts([buildAlert()])),
      'GET /api/alerts/count/5': () => jsonResponse(COUNTS),
      'POST /api/alerts/acknowledge/41': () =>
        errorResponse(422, 'BUSINESS_RULE', 'This alert has already been acknowledged.'),
    });
    const row = await screen.findByRole('row', { name: /SO2/ });
    await user.click(within(row).getByRole('button', { name: /^Acknowledge the alert/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('This alert has already been acknowledged.')).toBeInTheDocument();
  });
});

describe('AlertsPage for those who see several industries', () => {
  it('lists every industry’s alerts from /api/alarm, with the industry, and keeps the filters in the address', async () => {
    const { api, user, router } = renderAlerts(buildUser({ userType: 'site' }), '/alerts', {
      'GET /api/alarm': ({ url }) =>
        jsonResponse(
          pageOfAlerts(
            queryOf(url).alertType === 'OFFLINE'
              ? [buildOfflineAlert()]
              : [buildAlert(), buildOfflineAlert()],
          ),
        ),
    });
    const table = await screen.findByRole('table', { name: 'Alerts 1–2 of 2' });
    expect(within(table).getByRole('columnheader', { name: 'Industry' })).toBeInTheDocument();
    expect(within(table).getAllByText('Deccan Cement Works')).toHaveLength(2);
    // No industry chosen: no counts.
    expect(screen.queryByRole('region', { name: /^Alerts of/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Offline' }));
    expect(await screen.findByRole('table', { name: 'Alerts 1–1 of 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?alertType=OFFLINE');
    await user.click(screen.getByRole('checkbox', { name: 'Open alerts only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?alertType=OFFLINE&open=true'));
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1)!.url)).toEqual({ alertType: 'OFFLINE', open: 'true', page: '1' }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('switches to an industry’s own list and counts when one is chosen', async () => {
    const { api } = renderAlerts(buildUser({ userType: 'partner', role: 'user' }), '/alerts?tenantId=5', {
      'GET /api/alerts/5': () => jsonResponse(pageOfAlerts([buildAlert()])),
      'GET /api/alerts/count/5': () => jsonResponse(COUNTS),
      'GET /api/tenant-by-id/5': () => jsonResponse(tenantDetail({ id: 5, name: 'Deccan Cement Works' })),
    });
    const table = await screen.findByRole('table', { name: 'Alerts 1–1 of 1' });
    expect(within(table).queryByRole('columnheader', { name: 'Industry' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Alerts of Deccan Cement Works' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.startsWith('/api/alarm'))).toBe(false);
    // A partner's user may acknowledge.
    expect(within(table).getByRole('button', { name: /^Acknowledge the alert of SO2/ })).toBeInTheDocument();
  });

  it('lets a board’s users read the alerts but not acknowledge them', async () => {
    renderAlerts(buildUser({ userType: 'statutory', role: 'admin' }), '/alerts', {
      'GET /api/alarm': () => jsonResponse(pageOfAlerts([buildAlert()])),
    });
    const row = await screen.findByRole('row', { name: /SO2/ });
    expect(within(row).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
  });

  it('tells when there is nothing, when nothing matches the filters, and when the list could not be loaded', async () => {
    const site = buildUser({ userType: 'site' });
    const empty = renderAlerts(site, '/alerts', { 'GET /api/alarm': () => jsonResponse(pageOfAlerts([])) });
    expect(
      await screen.findByText('No alerts: none open and none begun in the last 24 hours.'),
    ).toBeInTheDocument();
    empty.unmount();

    const filtered = renderAlerts(site, '/alerts?open=true', {
      'GET /api/alarm': () => jsonResponse(pageOfAlerts([])),
    });
    expect(await screen.findByText('No alert matches these filters.')).toBeInTheDocument();
    filtered.unmount();

    let fails = true;
    const { user } = renderAlerts(site, '/alerts', {
      'GET /api/alarm': () =>
        fails ? errorResponse(500, 'INTERNAL', 'Boom') : jsonResponse(pageOfAlerts([buildAlert()])),
    });
    expect(await screen.findByText('The alerts could not be loaded.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Alerts 1–1 of 1' })).toBeInTheDocument();
  });
});
