import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PushDataPage } from './push-data-page';

const industryUser = buildUser({
  userType: 'tenant',
  role: 'user',
  account: {
    id: 21,
    name: 'Vapi Agro Chemicals',
    type: 'tenant',
    status: 'ENABLED',
    partnerId: 3,
    corporateId: null,
  },
});

function renderPage(items: unknown[]) {
  const api = createApiMock({
    'GET /api/tenants/21/appVendors': () =>
      jsonResponse({ items, page: 1, pageSize: 20, total: items.length, totalKind: 'exact', pageCount: 1 }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return { ...renderWithProviders(<PushDataPage />, { route: '/pushData' }), api };
}

describe('PushDataPage', () => {
  it('shows an industry’s own users the apps that may send its data and how to send it', async () => {
    setStoredUser(industryUser);
    renderPage([
      { id: 4, appId: 'acme-data-hub', appName: 'Acme Data Hub', addedAt: '2026-11-20T05:00:00.000Z' },
    ]);
    const row = await screen.findByRole('row', { name: /Acme Data Hub/ });
    expect(within(row).getByText('acme-data-hub')).toBeInTheDocument();
    expect(screen.getByText(/POST http:\/\/localhost(:\d+)?\/api\/ingest/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download meta sheet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
    // Their industry is their own: no picker.
    expect(screen.queryByRole('textbox', { name: /^Industry/ })).not.toBeInTheDocument();
  });

  it('says when no app may send the industry’s data', async () => {
    setStoredUser(industryUser);
    renderPage([]);
    expect(await screen.findByText(/No app may send this industry’s readings yet/)).toBeInTheDocument();
  });

  it('asks others to choose an industry first', async () => {
    setStoredUser(buildUser({ userType: 'site' }));
    renderPage([]);
    expect(await screen.findByText('Please select industry to view detail.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Industry/ })).toBeInTheDocument();
  });
});
