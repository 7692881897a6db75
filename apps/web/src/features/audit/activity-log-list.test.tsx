import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActivityLogRow, Page } from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ActivityLogList } from './activity-log-list';

const rows: ActivityLogRow[] = [
  {
    id: 51,
    createdAt: '2026-02-10T06:15:00.000Z',
    userId: 30,
    userName: 'plant.admin@shree.example',
    tenantId: 12,
    tenantName: 'Shree Cement Works',
    action: 'LOGIN',
    entity: 'session',
    entityId: '77',
    ip: '10.0.0.9',
  },
];

function renderList(route: string) {
  const api = createApiMock({
    'GET /api/logs': ({ url }) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('pageNum'));
      const body: Page<ActivityLogRow> = {
        items: rows,
        page,
        pageSize: 20,
        total: 45,
        totalKind: 'exact',
        pageCount: 3,
      };
      return jsonResponse(body);
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route path="/logs" element={<ActivityLogList />} />
    </Routes>,
    { route },
  );
  return { ...view, api };
}

const lastQuery = (api: ReturnType<typeof createApiMock>) =>
  new URL(api.calls.filter((c) => c.url.startsWith('/api/logs')).at(-1)!.url, 'http://x').searchParams;

describe('ActivityLogList', () => {
  it('keeps the last results, table and pager together, while the range is reversed', async () => {
    const { user, api } = renderList('/logs?startDate=2026-02-01&endDate=2026-02-28');
    await screen.findByRole('table', { name: /2026-02-01 to 2026-02-28: 45/ });

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-15' } });
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /2026-02-01 to 2026-02-28: 45/ });
    expect(within(table).getByRole('row', { name: /Signed in/ })).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.includes('endDate=2026-01-15'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(api).get('pageNum')).toBe('3'));
    expect(lastQuery(api).get('endDate')).toBe('2026-02-28');
  });

  it('shows neither table nor pager when a reversed range is all there is', async () => {
    const { api } = renderList('/logs?startDate=2026-02-10&endDate=2026-02-01');
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Page \d/ })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url.startsWith('/api/logs'))).toBe(false);
  });
});
