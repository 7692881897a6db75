import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, getDefaultAuditRange, getZonedDate, type AuditLogRow, type Page } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AuditLogList } from './audit-log-list';

const rows: AuditLogRow[] = [
  {
    id: 41,
    createdAt: '2026-03-10T06:15:00.000Z',
    actorUserId: 7,
    actorUserName: 'asha.rao@vayu.example',
    tenantId: 12,
    tenantName: 'Shree Cement Works',
    actingTenantId: null,
    entity: 'user',
    entityId: '30',
    action: 'STATUS_CHANGE',
    requestId: 'req-41',
    ip: '10.0.0.5',
  },
  {
    id: 40,
    createdAt: '2026-03-10T06:10:00.000Z',
    actorUserId: 30,
    actorUserName: 'plant.admin@shree.example',
    tenantId: 12,
    tenantName: 'Shree Cement Works',
    actingTenantId: null,
    entity: 'session',
    entityId: '77',
    action: 'LOGIN',
    requestId: 'req-40',
    ip: '10.0.0.9',
  },
];

const pageOf = (items: AuditLogRow[], overrides: Partial<Page<AuditLogRow>> = {}): Page<AuditLogRow> => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
  ...overrides,
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderList(route: string, handler: Parameters<typeof createApiMock>[0][string]) {
  const api = createApiMock({
    'GET /api/auditLogs': handler,
    'GET /api/searchTenants/Shree': () =>
      jsonResponse([
        {
          id: 12,
          name: 'Shree Cement Works',
          type: 'tenant',
          status: 'ENABLED',
          partnerName: null,
          city: 'Beawar',
        },
      ]),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route
        path="/auditLog"
        element={
          <>
            <AuditLogList />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { ...view, api };
}

const lastQuery = (api: ReturnType<typeof createApiMock>) =>
  new URL(api.calls.filter((c) => c.url.startsWith('/api/auditLogs')).at(-1)!.url, 'http://x').searchParams;

describe('AuditLogList', () => {
  it('asks for the last 7 days by default and links each row to its detail', async () => {
    const { api } = renderList('/auditLog', () => jsonResponse(pageOf(rows)));
    const table = await screen.findByRole('table', { name: /Audit log entries .*: 2/ });
    const { startDate, endDate } = getDefaultAuditRange(new Date());
    const query = lastQuery(api);
    expect(query.get('startDate')).toBe(startDate);
    expect(query.get('endDate')).toBe(endDate);
    expect(query.get('pageNum')).toBe('1');
    expect(query.get('sort')).toBe('createdAt');
    expect(query.get('order')).toBe('desc');
    expect(screen.getByLabelText('From')).toHaveValue(startDate);
    expect(screen.getByLabelText('To')).toHaveValue(endDate);

    const row = within(table).getByRole('row', { name: /Status changed/ });
    expect(within(row).getByText('asha.rao@vayu.example')).toBeInTheDocument();
    expect(within(row).getByText('Shree Cement Works')).toBeInTheDocument();
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/auditDetails/41');
    expect(within(table).getByRole('row', { name: /Signed in/ })).toBeInTheDocument();
  });

  it('sorts by a column header click or key press, keeping the sort in the URL', async () => {
    const { user, api } = renderList('/auditLog', () => jsonResponse(pageOf(rows)));
    await screen.findByRole('table', { name: /Audit log entries/ });
    const timeHeader = screen.getByRole('columnheader', { name: /Time/ });
    expect(timeHeader).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Action/ })).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: /Action/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/auditLog?sort=action&order=asc'),
    );
    await waitFor(() => expect(lastQuery(api).get('sort')).toBe('action'));
    expect(lastQuery(api).get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Action/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'none');

    screen.getByRole('button', { name: /Action/ }).focus();
    await user.keyboard('{Enter}');
    // Newest first is the default order, so the URL leaves it out.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/auditLog\?sort=action$/),
    );
    await waitFor(() => expect(lastQuery(api).get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Action/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('reads the range, tenant, sort and page from the URL and pages with the shared pager', async () => {
    const { user, api } = renderList(
      '/auditLog?startDate=2026-02-01&endDate=2026-02-28&tenantId=12&sort=tenantName&order=desc&pageNum=2',
      () => jsonResponse(pageOf(rows, { page: 2, total: 45, pageCount: 3 })),
    );
    await screen.findByRole('table', { name: /2026-02-01 to 2026-02-28: 45/ });
    const query = lastQuery(api);
    expect(Object.fromEntries(query)).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      tenantId: '12',
      pageNum: '2',
      sort: 'tenantName',
      order: 'desc',
    });
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(api).get('pageNum')).toBe('3'));
    expect(screen.getByTestId('location')).toHaveTextContent('pageNum=3');
  });

  it('filters by an industry found through the tenant search', async () => {
    const { user, api } = renderList('/auditLog?pageNum=3', () => jsonResponse(pageOf(rows)));
    await screen.findByRole('table', { name: /Audit log entries/ });
    await user.type(screen.getByRole('textbox', { name: 'Industry' }), 'Shree');
    // jsdom leaves Mantine's dropdown transition unfinished (display: none), so the option counts as hidden.
    await user.click(await screen.findByRole('option', { name: 'Shree Cement Works', hidden: true }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/auditLog\?tenantId=12$/),
    );
    await waitFor(() => expect(lastQuery(api).get('tenantId')).toBe('12'));
    expect(lastQuery(api).get('pageNum')).toBe('1');
  });

  it('names the record kinds and actions in words and filters by them', async () => {
    const { user, api } = renderList('/auditLog?pageNum=2', () => jsonResponse(pageOf(rows)));
    const table = await screen.findByRole('table', { name: /Audit log entries/ });
    expect(within(table).getByRole('row', { name: /Status changed/ })).toHaveTextContent('User #30');
    expect(within(table).getByRole('row', { name: /Signed in/ })).toHaveTextContent('Session #77');

    await user.click(screen.getByRole('textbox', { name: 'Record' }));
    await user.click(await screen.findByRole('option', { name: 'User', hidden: true }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/auditLog\?entity=user$/),
    );
    await user.click(screen.getByRole('textbox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Password changed', hidden: true }));
    await waitFor(() => expect(lastQuery(api).get('action')).toBe('PASSWORD_CHANGE'));
    expect(lastQuery(api).get('entity')).toBe('user');
    expect(lastQuery(api).get('pageNum')).toBe('1');
  });

  it('names the record kinds and actions in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderList('/auditLog', () => jsonResponse(pageOf(rows)));
    expect(await screen.findByRole('row', { name: /स्थिति बदली/ })).toHaveTextContent('उपयोगकर्ता #30');
    expect(screen.getByRole('row', { name: /साइन इन किया/ })).toHaveTextContent('सत्र #77');
  });

  it('ignores a record kind outside the closed list in the URL', async () => {
    const { api } = renderList('/auditLog?entity=tenant&action=LOGIN', () => jsonResponse(pageOf(rows)));
    await screen.findByRole('table', { name: /Audit log entries/ });
    expect(lastQuery(api).get('entity')).toBeNull();
    expect(lastQuery(api).get('action')).toBe('LOGIN');
  });

  it('says so when there are no entries', async () => {
    renderList('/auditLog', () => jsonResponse(pageOf([])));
    expect(await screen.findByText('No audit entries in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'error fetching Audit Log list' with a working retry", async () => {
    let attempt = 0;
    const { user } = renderList('/auditLog', () =>
      ++attempt === 1
        ? errorResponse(500, 'INTERNAL', 'An unexpected error occurred.')
        : jsonResponse(pageOf(rows)),
    );
    const alerts = await screen.findAllByText('error fetching Audit Log list');
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /Audit log entries/ })).toBeInTheDocument();
  });

  it('does not ask the server for a reversed range and says what is wrong', async () => {
    const { api } = renderList('/auditLog?startDate=2026-03-10&endDate=2026-03-01', () =>
      jsonResponse(pageOf(rows)),
    );
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.startsWith('/api/auditLogs'))).toHaveLength(0);
    // With no results to keep, neither the table nor the pager shows.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Page \d/ })).not.toBeInTheDocument();
  });

  it('keeps the last results, table and pager together, while the range is reversed', async () => {
    const { user, api } = renderList('/auditLog?startDate=2026-02-01&endDate=2026-02-28', (request) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('pageNum'));
      return jsonResponse(pageOf(rows, { page, total: 45, pageCount: 3 }));
    });
    await screen.findByRole('table', { name: /2026-02-01 to 2026-02-28: 45/ });
    const callsBefore = api.calls.length;

    // A date typed in (user-event cannot type into a controlled date input).
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('startDate=2026-03-10'));

    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(/end date must not be before/);
    const table = screen.getByRole('table', { name: /2026-02-01 to 2026-02-28: 45/ });
    expect(within(table).getByRole('row', { name: /Status changed/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(api.calls.slice(callsBefore).some((c) => c.url.includes('startDate=2026-03-10'))).toBe(false);

    // The kept results still page, over the range they are from.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(api).get('pageNum')).toBe('2'));
    expect(lastQuery(api).get('startDate')).toBe('2026-02-01');
    expect(lastQuery(api).get('endDate')).toBe('2026-02-28');
    expect(await screen.findByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('table', { name: /2026-02-01 to 2026-02-28/ })).toBeInTheDocument();
  });

  it('stops the date pickers at today in India and takes a later date as today', async () => {
    const today = getZonedDate(new Date());
    const { api } = renderList('/auditLog?startDate=2026-02-01&endDate=2026-02-28', () =>
      jsonResponse(pageOf(rows)),
    );
    await screen.findByRole('table', { name: /Audit log entries/ });
    expect(screen.getByLabelText('To')).toHaveAttribute('max', today);
    expect(screen.getByLabelText('From')).toHaveAttribute('max', '2026-02-28');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: addDays(today, 3) } });
    await waitFor(() => expect(lastQuery(api).get('endDate')).toBe(today));
    expect(screen.getByTestId('location')).toHaveTextContent(`endDate=${today}`);
    expect(screen.getByLabelText('To')).toHaveValue(today);
    expect(api.calls.some((c) => c.url.includes(`endDate=${addDays(today, 3)}`))).toBe(false);
  });

  it('ignores a date after today in the URL', async () => {
    const today = getZonedDate(new Date());
    const { api } = renderList(`/auditLog?startDate=${addDays(today, -2)}&endDate=${addDays(today, 1)}`, () =>
      jsonResponse(pageOf(rows)),
    );
    await screen.findByRole('table', { name: /Audit log entries/ });
    expect(lastQuery(api).get('startDate')).toBe(addDays(today, -2));
    expect(lastQuery(api).get('endDate')).toBe(today);
  });
});
