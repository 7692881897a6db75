import { screen, waitFor, within } from '@testing-library/react';
import { ALERT_MESSAGES, CONFLICT_MESSAGE, type AlertLimit, type LoggedInUser } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AlertsPage } from './alerts-page';
import { buildLimit } from './alerts.test-support';

type Handlers = Parameters<typeof createApiMock>[0];

const industryAdmin = buildUser({
  userType: 'tenant',
  role: 'admin',
  account: {
    id: 5,
    name: 'Deccan Cement Works',
    type: 'tenant',
    status: 'ENABLED',
    partnerId: 2,
    corporateId: null,
  },
});

function renderLimits(user: LoggedInUser, route: string, handlers: Handlers) {
  setStoredUser(user);
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return { ...renderWithProviders(<AlertsPage />, { route }), api };
}

const putBodies = (api: ReturnType<typeof createApiMock>) =>
  api.calls
    .filter((call) => call.method === 'PUT')
    .map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

const LIMITS = [
  buildLimit(),
  buildLimit({
    parameterId: 4,
    parameterLabel: 'Stack Temperature',
    unit: 'degC',
    standardLimit: null,
    limit: null,
    enabled: false,
  }),
];

describe('the limits tab', () => {
  it('shows each parameter’s standard, own limit, limit in force, unit and alert', async () => {
    renderLimits(buildUser({ ...industryAdmin, role: 'user' }), '/alerts?tab=limits', {
      'GET /api/alerts/limits': () => jsonResponse(LIMITS),
    });
    const table = await screen.findByRole('table', { name: 'Limits (2)' });
    const so2 = within(table).getByRole('row', { name: /SO2/ });
    expect(so2).toHaveTextContent(/Kiln Stack\s*SO2\s*100\s*—\s*100\s*mg\/Nm³\s*On/);
    const temperature = within(table).getByRole('row', { name: /Stack Temperature/ });
    expect(temperature).toHaveTextContent(/Stack Temperature\s*None\s*—\s*—\s*°C\s*Off/);
    // An industry's user who is not an administrator reads them only.
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('asks site and partner users to choose an industry first', async () => {
    renderLimits(buildUser({ userType: 'site' }), '/alerts?tab=limits', {});
    expect(await screen.findByText('Choose an industry to see its limits.')).toBeInTheDocument();
  });

  it('saves a stricter limit of the industry’s own, and blank as the standard, from the version it started at', async () => {
    let stored: AlertLimit[] = LIMITS;
    const { user, api } = renderLimits(industryAdmin, '/alerts?tab=limits', {
      'GET /api/alerts/limits': () => jsonResponse(stored),
      'PUT /api/alerts/limits': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { customLimit: number | null; enabled: boolean };
        const saved = buildLimit({
          customLimit: body.customLimit,
          limit: body.customLimit ?? 100,
          enabled: body.enabled,
          version: stored[0]!.version + 1,
        });
        stored = [saved, LIMITS[1]!];
        return jsonResponse(saved);
      },
    });
    const table = await screen.findByRole('table', { name: 'Limits (2)' });
    await user.click(within(table).getByRole('button', { name: 'Edit the limit of SO2 at Kiln Stack' }));
    let dialog = await screen.findByRole('dialog', { name: 'Limit of SO2 at Kiln Stack' });
    expect(dialog).toHaveTextContent('Standard (the board’s): 100 mg/Nm³');
    await user.type(within(dialog).getByRole('textbox', { name: 'Own limit (mg/Nm³)' }), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Limit of SO2 at Kiln Stack saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Never set before: no version.
    expect(putBodies(api)[0]).toEqual({
      tenantId: 5,
      monitoringPointId: 8,
      parameterId: 3,
      customLimit: 80,
      enabled: true,
    });
    const so2 = within(table).getByRole('row', { name: /SO2/ });
    await waitFor(() => expect(so2).toHaveTextContent(/SO2\s*100\s*80\s*80/));

    // Back to the standard, alert off: blank sends null, with the version now held.
    await user.click(within(table).getByRole('button', { name: 'Edit the limit of SO2 at Kiln Stack' }));
    dialog = await screen.findByRole('dialog', { name: 'Limit of SO2 at Kiln Stack' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Own limit (mg/Nm³)' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Alert when the limit is passed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBodies(api)).toHaveLength(2));
    expect(putBodies(api)[1]).toMatchObject({ customLimit: null, enabled: false, version: 1 });
  });

  it('refuses a limit that is not a positive number before sending it', async () => {
    const { user, api } = renderLimits(industryAdmin, '/alerts?tab=limits', {
      'GET /api/alerts/limits': () => jsonResponse(LIMITS),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit the limit of SO2 at Kiln Stack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limit of SO2 at Kiln Stack' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Own limit (mg/Nm³)' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'Own limit (mg/Nm³)' })).toHaveAccessibleDescription(
      /A limit is above 0/,
    );
    expect(putBodies(api)).toHaveLength(0);
  });

  it('puts the server’s refusal under the field, in the user’s words, and offers a reload when someone saved first', async () => {
    let answer = () =>
      errorResponse(422, 'BUSINESS_RULE', ALERT_MESSAGES.aboveStandard, [
        { path: 'customLimit', message: ALERT_MESSAGES.aboveStandard, code: 'FIELD_RULE' },
      ]);
    const { user } = renderLimits(industryAdmin, '/alerts?tab=limits', {
      'GET /api/alerts/limits': () => jsonResponse(LIMITS),
      'PUT /api/alerts/limits': () => answer(),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit the limit of SO2 at Kiln Stack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limit of SO2 at Kiln Stack' });
    const field = within(dialog).getByRole('textbox', { name: 'Own limit (mg/Nm³)' });
    await user.type(field, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(new RegExp(ALERT_MESSAGES.aboveStandard)));
    expect(await screen.findByText('The limit could not be saved.')).toBeInTheDocument();

    answer = () => errorResponse(409, 'STALE_VERSION', 'Changed.');
    await user.clear(field);
    await user.type(field, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).queryByText(CONFLICT_MESSAGE)).not.toBeInTheDocument());
  });
});
