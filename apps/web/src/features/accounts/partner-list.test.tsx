import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartnerSummary } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PartnerList } from './partner-list';
import { tenantDetail } from '../tenants/tenants.test-support';

const partners: PartnerSummary[] = [
  {
    id: 2,
    name: 'Green Analytics Pvt Ltd',
    status: 'ENABLED',
    contactEmail: 'ops@greenanalytics.example',
    contactNo: '9876501234',
    city: 'Pune',
    state: 'Maharashtra',
    tenantCount: 14,
    createdAt: '2026-01-10T08:00:00.000Z',
  },
  {
    id: 3,
    name: 'Doon Instruments',
    status: 'DISABLED',
    contactEmail: null,
    contactNo: null,
    city: 'Dehradun',
    state: 'Uttarakhand',
    tenantCount: 0,
    createdAt: '2026-02-01T08:00:00.000Z',
  },
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

type Handlers = Parameters<typeof createApiMock>[0];

function renderList(route: string, handler: Handlers[string], extra: Handlers = {}) {
  const api = createApiMock({ 'GET /api/partners': handler, ...extra });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route
        path="/partners"
        element={
          <>
            <PartnerList />
            <LocationProbe />
            <DialogHost />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { ...view, api };
}

describe('PartnerList', () => {
  it('shows the partners in a table with proper headers', async () => {
    renderList('/partners', () => jsonResponse(partners));
    const table = await screen.findByRole('table', { name: 'Partners (2)' });

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Name',
      'E-mail',
      'Contact no.',
      'City',
      'State',
      'Industries',
      'Status',
      'Actions',
    ]);
    const row = within(table).getByRole('row', { name: /Green Analytics/ });
    expect(within(row).getByText('ops@greenanalytics.example')).toBeInTheDocument();
    expect(within(row).getByText('14')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Green Analytics Pvt Ltd' })).toHaveAttribute(
      'href',
      '/accounts/partner/2/view',
    );
    expect(
      within(within(table).getByRole('row', { name: /Doon Instruments/ })).getByText('Disabled'),
    ).toBeVisible();
  });

  it('shows contact numbers formatted for India', async () => {
    renderList('/partners', () =>
      jsonResponse([
        { ...partners[0], contactNo: '919800019962' },
        { ...partners[1], contactNo: null },
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Partners (2)' });
    const row = within(table).getByRole('row', { name: /Green Analytics/ });
    expect(within(row).getByText('+91 98000 19962')).toBeInTheDocument();
    expect(within(row).queryByText('919800019962')).not.toBeInTheDocument();
  });

  it('keeps the status filter in the URL and asks the server for it', async () => {
    const { user, api } = renderList('/partners', () => jsonResponse(partners));
    await screen.findByRole('table', { name: 'Partners (2)' });
    expect(api.calls[0]?.url).toBe('/api/partners');

    await user.click(screen.getByRole('radio', { name: 'Disabled' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/partners?status=DISABLED'),
    );
    await waitFor(() => expect(api.calls.at(-1)?.url).toBe('/api/partners?status=DISABLED'));

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/partners$/));
  });

  it('reads the filter from the URL on load', async () => {
    const { api } = renderList('/partners?status=ENABLED', () => jsonResponse([partners[0]]));
    await screen.findByRole('table', { name: 'Partners (1)' });
    expect(api.calls[0]?.url).toBe('/api/partners?status=ENABLED');
    expect(screen.getByRole('radio', { name: 'Enabled' })).toBeChecked();
  });

  it('says so when there are no partners', async () => {
    renderList('/partners', () => jsonResponse([]));
    expect(await screen.findByText('No partners found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error with a working retry', async () => {
    let attempt = 0;
    const { user } = renderList('/partners', () =>
      ++attempt === 1
        ? errorResponse(403, 'FORBIDDEN', 'You may not list partners.')
        : jsonResponse(partners),
    );
    expect(await screen.findByText('The partners could not be loaded.')).toBeInTheDocument();
    // Worded by its code, not with the server's text.
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Partners (2)' })).toBeInTheDocument();
  });

  it('searches on the server and keeps the search in the URL', async () => {
    const { user, api } = renderList('/partners', () => jsonResponse(partners));
    await screen.findByRole('table', { name: 'Partners (2)' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pune');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/partners?search=pune'));
    await waitFor(() => expect(api.calls.at(-1)?.url).toBe('/api/partners?search=pune'));
  });

  it('switches the status at once and puts it back when the confirm is cancelled', async () => {
    const { user, api } = renderList('/partners', () => jsonResponse(partners));
    const table = await screen.findByRole('table', { name: 'Partners (2)' });
    const toggle = within(table).getByRole('switch', { name: 'Enabled: Green Analytics Pvt Ltd' });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent(
      'Do you really want to Disable this partner (Green Analytics Pvt Ltd)?',
    );

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts the status back and says so when the change fails', async () => {
    const { user } = renderList('/partners', () => jsonResponse(partners), {
      'POST /api/changeTenantStatus/2': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: 'Partners (2)' });
    const toggle = within(table).getByRole('switch', { name: 'Enabled: Green Analytics Pvt Ltd' });

    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('Error Changing Status.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('changes the status after the confirm', async () => {
    let current = partners;
    const { user, api } = renderList('/partners', () => jsonResponse(current), {
      'POST /api/changeTenantStatus/3': () => {
        current = partners.map((p) => (p.id === 3 ? { ...p, status: 'ENABLED' as const } : p));
        return jsonResponse(tenantDetail({ id: 3, type: 'partner', status: 'ENABLED' }));
      },
    });
    const table = await screen.findByRole('table', { name: 'Partners (2)' });
    const toggle = within(table).getByRole('switch', { name: 'Enabled: Doon Instruments' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enable' }));

    expect(await screen.findByText('Status Changed.')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ status: 'ENABLED' });
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('shows a name another partner has under the name field and keeps the form open', async () => {
    renderList('/partners', () => jsonResponse(partners), {
      'POST /api/partners': () =>
        errorResponse(409, 'PARTNER_EXISTS', 'A partner with this name already exists.'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Partner' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Green Analytics Pvt Ltd');
    await user.type(within(dialog).getByRole('textbox', { name: /Contact e-mail/ }), 'desk@green.example');
    await user.type(within(dialog).getByRole('textbox', { name: /Contact no/ }), '919820012345');
    await user.click(within(dialog).getByRole('button', { name: 'Add Partner' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(/A partner with this name already exists\./),
    );
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Green Analytics Pvt Ltd');
  });
});
