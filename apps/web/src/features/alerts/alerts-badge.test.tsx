import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AlertsBadge } from './alerts-badge';
import { buildAlert, pageOfAlerts } from './alerts.test-support';

function renderBadge(total: number) {
  const api = createApiMock({
    'GET /api/alarm': () => jsonResponse(pageOfAlerts(total > 0 ? [buildAlert()] : [], { total })),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return { ...renderWithProviders(<AlertsBadge />), api };
}

describe('AlertsBadge', () => {
  it('shows the number of open alerts the user sees, names it, and links to the alerts screen', async () => {
    const { api } = renderBadge(3);
    const link = await screen.findByRole('link', { name: '3 open alerts' });
    expect(link).toHaveTextContent('3');
    expect(link).toHaveAttribute('href', '/alerts');
    // The open ones only, of every industry the user sees.
    expect(api.calls[0]!.url).toBe('/api/alarm?open=true');
  });

  it('is a plain bell when no alert is open', async () => {
    renderBadge(0);
    const link = await screen.findByRole('link', { name: 'Alerts: none open' });
    expect(link).toHaveTextContent('');
  });

  it('asks again each minute while shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = renderBadge(2);
      await screen.findByRole('link', { name: '2 open alerts' });
      expect(api.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => expect(api.calls).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
