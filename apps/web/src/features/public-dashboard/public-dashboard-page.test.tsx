import { screen, within } from '@testing-library/react';
import type { PublicDashboardView } from '@vayu/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { PublicDashboardPage } from './public-dashboard-page';

const PUBLIC_ID = 'q3Vh0Xb1-9mYcWkR2tZp_LsA';
const PATH = `/public/dashboard/industry/${PUBLIC_ID}`;

const VIEW: PublicDashboardView = {
  industryName: 'Deccan Cement Works',
  showCharts: false,
  generatedAt: '2026-11-27T10:45:00.000Z',
  points: [
    {
      name: 'Kiln stack 1',
      lastDataAt: '2026-11-27T10:44:00.000Z',
      freshness: 'LIVE',
      parameters: [
        {
          key: 'so2',
          label: 'SO2',
          unit: 'mg/Nm3',
          latest: { t: '2026-11-27T10:30:00.000Z', value: 1234.5 },
          lastDataAt: '2026-11-27T10:44:00.000Z',
          freshness: 'LIVE',
          series: [],
        },
      ],
    },
  ],
};

function renderPublic(handler: Parameters<typeof createApiMock>[0][string]) {
  // The API client reads the browser's address to send the call to the public API.
  window.history.replaceState(null, '', PATH);
  const api = createApiMock({ 'GET /public/api/publicDashboard': handler });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  renderRoutes([{ path: '/public/dashboard/:view/:publicTenantId', element: <PublicDashboardPage /> }], {
    route: PATH,
  });
  return api;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the public dashboard page', () => {
  it('shows the industry, its points and the latest values in India’s time, from the public API', async () => {
    const api = renderPublic(() => jsonResponse(VIEW));
    expect(await screen.findByRole('heading', { name: 'Deccan Cement Works', level: 1 })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Kiln stack 1' });
    expect(within(card).getByText('SO2')).toBeInTheDocument();
    expect(within(card).getByTestId('latest-value')).toHaveTextContent('1,234.5 mg/Nm3');
    expect(within(card).getByText(/at 27 Nov 2026, 4:00\s?pm IST/i)).toBeInTheDocument();
    expect(api.calls[0]!.url).toBe(`/public/api/publicDashboard?publicTenantId=${PUBLIC_ID}`);
  });

  it('says the dashboard is not available when the link answers 404', async () => {
    renderPublic(() => errorResponse(404, 'NOT_FOUND', 'This dashboard is not available.'));
    expect(
      await screen.findByRole('heading', { name: 'This dashboard is not available' }),
    ).toBeInTheDocument();
  });
});
