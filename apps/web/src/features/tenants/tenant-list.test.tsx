import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { TenantListItem } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { closeAllDialogs, DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TenantList } from './tenant-list';
import { tenantDetail } from './tenants.test-support';

afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
  vi.useRealTimers();
});

function tenantRow(overrides: Partial<TenantListItem> = {}): TenantListItem {
  return {
    id: 21,
    name: 'Shree Cement Works',
    type: 'tenant',
    status: 'ENABLED',
    workingStatus: 'ON',
    partnerId: 4,
    partnerName: 'Green Analytics',
    industryName: 'Cement',
    city: 'Beawar',
    stateCode: 'RJ',
    contactEmail: 'env@shree.example',
    isRemotePerformanceCheck: false,
    isBlocked: false,
    planCode: 'BASIC',
    createdAt: '2026-01-10T08:00:00.000Z',
    lastDataAt: null,
    freshness: 'OFFLINE',
    ...overrides,
  };
}

function pageOf(items: TenantListItem[], page = 1, total = items.length) {
  return {
    items,
    page,
    pageSize: 9,
    total,
    totalKind: 'exact' as const,
    pageCount: Math.max(1, Math.ceil(total / 9)),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

type Handlers = Parameters<typeof createApiMock>[0];

function renderList(route: string, handlers: Handlers, userType: 'site' | 'partner' = 'site') {
  setStoredUser(buildUser({ userType }));
  const api = createApiMock({
    'GET /api/partners': () => jsonResponse([]),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route
          path="/tenants"
          element={
            <>
              <TenantList />
              <LocationProbe />
            </>
          }
        />
        <Route path="/subscription/:tenantId" element={<LocationProbe />} />
      </Routes>
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

// While the confirm is open the page behind it is aria-hidden, so the query includes hidden elements.
const statusSwitch = () => screen.getByRole('switch', { name: 'Enabled: Shree Cement Works', hidden: true });

describe('TenantList', () => {
  it('shows one page of industries with their details', async () => {
    renderList('/tenants', { 'GET /api/tenants': () => jsonResponse(pageOf([tenantRow()])) });
    const table = await screen.findByRole('table', { name: 'Industries: 1–1 of 1' });
    const row = within(table).getByRole('row', { name: /Shree Cement Works/ });
    expect(within(row).getByRole('link', { name: 'Shree Cement Works' })).toHaveAttribute(
      'href',
      '/accounts/tenant/21/view',
    );
    expect(within(row).getByText('Cement')).toBeInTheDocument();
    expect(within(row).getByText('Green Analytics')).toBeInTheDocument();
    expect(within(row).getByText('Beawar, Rajasthan')).toBeInTheDocument();
    expect(within(row).getByText('BASIC')).toBeInTheDocument();
  });

  it("shows each industry's data freshness, and none for partners and boards", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00.000Z'), toFake: ['Date'] });
    renderList('/tenants', {
      'GET /api/tenants': () =>
        jsonResponse(
          pageOf([
            tenantRow({ lastDataAt: '2026-11-27T10:00:00.000Z', freshness: 'LIVE' }),
            tenantRow({
              id: 22,
              name: 'Vapi Agro',
              lastDataAt: '2026-11-27T06:00:00.000Z',
              freshness: 'DELAYED',
            }),
            tenantRow({ id: 23, name: 'Idle Mills', lastDataAt: null, freshness: 'OFFLINE' }),
            tenantRow({
              id: 24,
              name: 'Gujarat Board',
              type: 'statutory',
              lastDataAt: null,
              freshness: null,
            }),
          ]),
        ),
    });
    const table = await screen.findByRole('table', { name: 'Industries: 1–4 of 4' });
    expect(within(table).getByRole('columnheader', { name: 'Data' })).toBeInTheDocument();
    const live = within(within(table).getByRole('row', { name: /Shree Cement Works/ })).getByRole('img');
    expect(live).toHaveTextContent('Live');
    expect(live).toHaveAccessibleName(/^Live\. Last data 2 hours ago \(Nov 27, 2026 \d+:00 [AP]M\)$/);
    const delayed = within(within(table).getByRole('row', { name: /Vapi Agro/ })).getByRole('img');
    expect(delayed).toHaveAccessibleName(/^Delayed\. Last data 6 hours ago/);
    const idle = within(within(table).getByRole('row', { name: /Idle Mills/ })).getByRole('img');
    expect(idle).toHaveAccessibleName('Offline. No data yet');
    const board = within(table).getByRole('row', { name: /Gujarat Board/ });
    expect(within(board).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the last page instead of a page past the end (an old link)', async () => {
    const { api } = renderList('/tenants?page=7', {
      'GET /api/tenants': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
        return jsonResponse(
          pageOf([tenantRow({ id: 20 + page, name: `Industry on page ${page}` })], page, 12),
        );
      },
    });
    expect(await screen.findByRole('link', { name: 'Industry on page 2' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/tenants?page=2');
    const pages = api.calls.map((call) => new URL(call.url, 'http://x').searchParams.get('page'));
    expect(pages).toEqual(expect.arrayContaining(['7', '2']));
  });

  it('says so when nothing matches', async () => {
    renderList('/tenants', { 'GET /api/tenants': () => jsonResponse(pageOf([])) });
    expect(await screen.findByText('No industries found')).toBeInTheDocument();
  });

  it('disables at once, asks to Disable the named industry, and reverts when the confirm is cancelled', async () => {
    const { user, api } = renderList('/tenants', {
      'GET /api/tenants': () => jsonResponse(pageOf([tenantRow()])),
    });
    await screen.findByRole('table', { name: /^Industries:/ });
    expect(statusSwitch()).toBeChecked();

    await user.click(statusSwitch());
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Do you really want to Disable this industry (Shree Cement Works)?'),
    ).toBeVisible();
    expect(dialog).not.toHaveTextContent('Disable/Enable');
    // The row already shows the new status while the question is open.
    expect(statusSwitch()).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(statusSwitch()).toBeChecked());
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('reverts and says so when the status change fails', async () => {
    const { user, api } = renderList('/tenants', {
      'GET /api/tenants': () => jsonResponse(pageOf([tenantRow()])),
      'POST /api/changeTenantStatus/21': () =>
        errorResponse(500, 'INTERNAL', 'An unexpected error occurred.'),
    });
    await screen.findByRole('table', { name: /^Industries:/ });
    await user.click(statusSwitch());
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('Error Changing Status.')).toBeInTheDocument();
    await waitFor(() => expect(statusSwitch()).toBeChecked());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/changeTenantStatus/21');
    expect(JSON.parse(String(post?.init.body))).toEqual({ status: 'DISABLED' });
  });

  it('enables through the partner request, then opens the subscription page', async () => {
    const { user, api } = renderList('/tenants', {
      'GET /api/tenants': () => jsonResponse(pageOf([tenantRow({ status: 'DISABLED' })])),
      'POST /api/addPartnerRequest': () =>
        jsonResponse({ id: 5, tenantId: 21, partnerId: 4, status: 'REQUESTED' }),
      'POST /api/changeTenantStatus/21': () => jsonResponse(tenantDetail({ status: 'ENABLED' })),
    });
    await screen.findByRole('table', { name: /^Industries:/ });
    expect(statusSwitch()).not.toBeChecked();
    await user.click(statusSwitch());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you really want to Enable this industry (Shree Cement Works)?');
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/subscription/21'));
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual(['/api/addPartnerRequest', '/api/changeTenantStatus/21']);
    expect(JSON.parse(String(posts[0]?.init.body))).toEqual({ tenantId: 21, partnerId: 4 });
    expect(JSON.parse(String(posts[1]?.init.body))).toEqual({ status: 'ENABLED' });
    expect(await screen.findByText('Status Changed.')).toBeInTheDocument();
  });

  it('reads every filter from the URL and asks the server for that page', async () => {
    const { api } = renderList('/tenants?page=2&search=steel&status=DISABLED&partnerId=4&remote=true', {
      'GET /api/tenants': () => jsonResponse(pageOf([tenantRow({ status: 'DISABLED' })], 2, 10)),
    });
    await screen.findByRole('table', { name: 'Industries: 10–10 of 10' });
    const url = new URL(api.calls.find((call) => call.url.startsWith('/api/tenants'))!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      pageSize: '9',
      search: 'steel',
      partnerId: '4',
      status: 'DISABLED',
      remoteCalibration: 'true',
      type: 'tenant',
    });
    expect(screen.getByRole('searchbox', { name: 'Search industries' })).toHaveValue('steel');
    expect(screen.getByRole('radio', { name: 'Disabled' })).toBeChecked();
  });

  it('keeps filter changes in the URL and goes back to page 1', async () => {
    const { user, api } = renderList('/tenants?page=3', {
      'GET /api/tenants': ({ url }) =>
        jsonResponse(pageOf([tenantRow()], Number(new URL(url, 'http://x').searchParams.get('page')), 30)),
    });
    await screen.findByRole('table', { name: /^Industries:/ });

    await user.click(screen.getByRole('radio', { name: 'Enabled' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/tenants\?status=ENABLED$/),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search industries' }), 'cem');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/tenants\?status=ENABLED&search=cem$/),
    );
    // One server search for the whole word, not one per key.
    const searches = api.calls.filter((call) => call.url.includes('search='));
    expect(searches.map((call) => new URL(call.url, 'http://x').searchParams.get('search'))).toEqual(['cem']);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/tenants\?status=ENABLED&search=cem&page=2$/,
      ),
    );
  });

  it('says why an industry cannot move to a partner, worded by the reason code', async () => {
    const { user } = renderList('/tenants', {
      'GET /api/tenants': () => jsonResponse(pageOf([tenantRow()])),
      'GET /api/partners': () =>
        jsonResponse([
          {
            id: 5,
            name: 'Doon Instruments',
            status: 'ENABLED',
            contactEmail: null,
            contactNo: null,
            city: null,
            state: null,
            tenantCount: 0,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ]),
      'GET /api/partnerMigrate/21/5': () =>
        jsonResponse({
          tenant: { id: 21, name: 'Shree Cement Works' },
          fromPartner: { id: 4, name: 'Green Analytics' },
          toPartner: null,
          users: 3,
          planCode: 'BASIC',
          canMigrate: false,
          reason: 'Server text.',
          reasonCode: 'notAnEnabledPartner',
        }),
    });
    const table = await screen.findByRole('table', { name: /^Industries:/ });
    await user.click(within(table).getByRole('button', { name: /Migrate partner of Shree Cement Works/ }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'New partner' });
    await user.click(input);
    const listbox = await waitFor(() => {
      const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
      if (!element) throw new Error('No options for the new partner');
      return element;
    });
    // jsdom leaves Mantine's dropdown transition unfinished (display: none), so the option counts as hidden.
    await user.click(await within(listbox).findByRole('option', { name: 'Doon Instruments', hidden: true }));

    expect(
      await within(dialog).findByText('The chosen partner is not an enabled partner.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Server text.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Migrate' })).toBeDisabled();
  });

  it('shows site users the add buttons and partner users only Add Industry without the toggle', async () => {
    renderList('/tenants', { 'GET /api/tenants': () => jsonResponse(pageOf([tenantRow()])) }, 'partner');
    await screen.findByRole('table', { name: /^Industries:/ });
    expect(screen.getByRole('link', { name: 'Add Industry' })).toHaveAttribute(
      'href',
      '/new/tenants/partner/0',
    );
    expect(screen.queryByRole('link', { name: 'Add Statutory Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows an error with a working retry', async () => {
    let attempt = 0;
    const { user } = renderList('/tenants', {
      'GET /api/tenants': () =>
        ++attempt === 1
          ? errorResponse(403, 'FORBIDDEN', 'Not allowed.')
          : jsonResponse(pageOf([tenantRow()])),
    });
    expect(await screen.findByText('The industries could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /^Industries:/ })).toBeInTheDocument();
  });
});
