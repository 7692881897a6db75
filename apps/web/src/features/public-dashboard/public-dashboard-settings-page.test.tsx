import { screen, waitFor, within } from '@testing-library/react';
import type { PublicDashboardSettings } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, jsonResponse } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { PublicDashboardSettingsPage } from './public-dashboard-settings-page';

const INDUSTRY_ADMIN = buildUser({
  id: 71,
  name: 'Meera Patil',
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

const OFF: PublicDashboardSettings = {
  tenantId: 5,
  industryName: 'Deccan Cement Works',
  dashboard: null,
  options: [
    {
      monitoringPointId: 11,
      name: 'Kiln stack',
      parameters: [
        { parameterId: 3, label: 'SO2', unit: 'mg/Nm3' },
        { parameterId: 4, label: 'PM', unit: 'mg/Nm3' },
      ],
    },
    { monitoringPointId: 12, name: 'Effluent outlet', parameters: [] },
  ],
};

const ON: PublicDashboardSettings = {
  ...OFF,
  dashboard: {
    id: 1,
    publicId: 'q3Vh0Xb1-9mYcWkR2tZp_LsA',
    monitoringPointIds: [11],
    parameterIds: [4],
    showCharts: true,
    version: 1,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
  },
};

describe('PublicDashboardSettingsPage', () => {
  it('publishes the chosen point and parameter, shows the link, and revokes it after confirmation', async () => {
    setStoredUser(INDUSTRY_ADMIN);
    let current = OFF;
    const api = createApiMock({
      'GET /api/publicDashboard': () => jsonResponse(current),
      'PUT /api/publicDashboard': () => {
        current = ON;
        return jsonResponse(current);
      },
      'DELETE /api/publicDashboard': () => {
        current = OFF;
        return jsonResponse(current);
      },
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const { user } = renderRoutes(
      [
        {
          path: '/publicDashboard',
          element: (
            <>
              <PublicDashboardSettingsPage />
              <DialogHost />
            </>
          ),
        },
      ],
      { route: '/publicDashboard' },
    );

    expect(await screen.findByText('Not published')).toBeInTheDocument();
    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Publish dashboard' }));
    expect(await screen.findByText('Choose at least one monitoring point')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Kiln stack' }));
    await user.click(await screen.findByRole('checkbox', { name: 'PM (mg/Nm3)' }));
    await user.click(screen.getByRole('button', { name: 'Publish dashboard' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({
      tenantId: 5,
      monitoringPointIds: [11],
      parameterIds: [4],
      showCharts: true,
    });
    expect(await screen.findByRole('textbox', { name: 'Public link' })).toHaveValue(
      `${window.location.origin}/public/dashboard/industry/q3Vh0Xb1-9mYcWkR2tZp_LsA`,
    );

    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the public link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Not published')).toBeInTheDocument();
    const revoke = api.calls.find((call) => call.method === 'DELETE')!;
    expect(revoke.url).toBe('/api/publicDashboard?tenantId=5');
  });
});
