import { screen, waitFor, within } from '@testing-library/react';
import type { PullToken, ReportPoint } from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { PullDataPage } from './pull-data-page';

const TENANT_ID = 21;

const pageOf = <T,>(items: T[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: items.length > 0 ? 1 : 0,
});

const POINTS: ReportPoint[] = [
  {
    id: 4,
    name: 'Kiln Stack',
    entityType: 'stack',
    parameters: [
      { id: 11, label: 'PM', unit: 'mg/Nm3', limit: 50 },
      { id: 12, label: 'SO2', unit: 'mg/Nm3', limit: 100 },
    ],
  },
];

const consultant: PullToken = {
  id: 5,
  tenantId: TENANT_ID,
  name: 'EHS Consultant',
  hint: '••••a1b2',
  monitoringPoints: [{ id: 4, name: 'Kiln Stack' }],
  parameters: [{ id: 11, name: 'PM', key: 'pm' }],
  historyDays: 7,
  maxRangeDays: 1,
  expiresAt: null,
  status: 'ACTIVE',
  createdAt: '2026-11-20T05:00:00.000Z',
  createdBy: 'Asha Rao',
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
};

function render(handlers: Parameters<typeof createApiMock>[0]) {
  setStoredUser(
    buildUser({
      userType: 'tenant',
      role: 'admin',
      account: {
        id: TENANT_ID,
        name: 'Deccan Cement Works',
        type: 'tenant',
        status: 'ENABLED',
        partnerId: 4,
        corporateId: null,
      },
    }),
  );
  const api = createApiMock({ 'GET /api/report/params': () => jsonResponse(POINTS), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/pullData" element={<PullDataPage />} />
      </Routes>
      <DialogHost />
    </>,
    { route: '/pullData' },
  );
  return { ...view, api };
}

describe('PullDataPage', () => {
  it('issues a token, shows it once with its warning, and puts a refused field under its field first', async () => {
    let refuse = true;
    let tokens: PullToken[] = [];
    const { user, api } = render({
      [`GET /api/pullData/${TENANT_ID}`]: () => jsonResponse(pageOf(tokens)),
      [`POST /api/pullData/${TENANT_ID}`]: () => {
        if (refuse) {
          return errorResponse(400, 'VALIDATION_FAILED', 'Invalid', [
            { path: 'parameterIds.0', message: 'Not measured here', code: 'FIELD_INVALID' },
          ]);
        }
        tokens = [consultant];
        return jsonResponse({ token: 'vpd_secret-token-value-a1b2', pullToken: consultant }, 201);
      },
    });
    expect(await screen.findByText(/No tokens yet/)).toBeInTheDocument();
    expect(screen.getByText(/GET \/api\/pull\/data/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New pull-data token' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue token' }));
    expect(await within(dialog).findByText('Choose at least one monitoring point')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Issued to/ }), 'EHS Consultant');
    await chooseOption(user, /^Monitoring points/, 'Kiln Stack', dialog);
    await chooseOption(user, /^Parameters/, 'PM (mg/Nm³)', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Issue token' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Parameters/ })).toHaveAccessibleDescription(
        /Not measured here/,
      ),
    );
    const sent = api.calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(String(sent.init.body))).toEqual({
      name: 'EHS Consultant',
      monitoringPointIds: [4],
      parameterIds: [11],
      historyDays: 7,
      maxRangeDays: 1,
      expiresAt: null,
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Issue token' }));
    const shown = await screen.findByRole('dialog', { name: 'Pull-data token issued' });
    expect(within(shown).getByText('vpd_secret-token-value-a1b2')).toBeInTheDocument();
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    const table = await screen.findByRole('table', { name: 'Pull-data tokens 1–1 of 1' });
    expect(within(table).getByText('EHS Consultant')).toBeInTheDocument();
    expect(within(table).getByText('••••a1b2')).toBeInTheDocument();
    expect(screen.queryByText('vpd_secret-token-value-a1b2')).toBeNull();
  });

  it('revokes a token only after the confirmation', async () => {
    let tokens = [consultant];
    const { user, api } = render({
      [`GET /api/pullData/${TENANT_ID}`]: () => jsonResponse(pageOf(tokens)),
      [`DELETE /api/pullData/${consultant.id}`]: () => {
        tokens = [{ ...consultant, status: 'REVOKED', revokedAt: '2026-11-27T05:00:00.000Z' }];
        return jsonResponse(tokens[0]);
      },
    });
    const table = await screen.findByRole('table', { name: 'Pull-data tokens 1–1 of 1' });
    await user.click(
      within(table).getByRole('button', { name: /^Revoke the token issued to EHS Consultant/ }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).getByText('Revoked')).toBeInTheDocument());
    expect(within(table).queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });

  it('says when the tokens cannot be loaded', async () => {
    render({ [`GET /api/pullData/${TENANT_ID}`]: () => errorResponse(500, 'INTERNAL', 'Broken') });
    expect(await screen.findByText('The tokens could not be loaded.')).toBeInTheDocument();
  });
});
