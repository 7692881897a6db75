import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './home-page';

const summary = { tenants: { total: 1250, enabled: 1200, disabled: 50 }, partners: 8, users: 310 };

function renderHome(handler: Parameters<typeof createApiMock>[0][string]) {
  setStoredUser(
    buildUser({
      userType: 'partner',
      account: { ...buildUser().account, name: 'Green Analytics', type: 'partner' },
    }),
  );
  const api = createApiMock({ 'GET /api/home/summary': handler });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return renderWithProviders(<HomePage />, { route: '/home' });
}

describe('HomePage', () => {
  it('greets the user with their account and shows the counts', async () => {
    renderHome(() => jsonResponse(summary));
    expect(screen.getByRole('heading', { name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(screen.getByText('Green Analytics · Partner account')).toBeInTheDocument();

    const industries = screen.getByRole('region', { name: 'Industries' });
    expect(within(industries).getByText('Loading ...')).toBeInTheDocument();
    expect(await within(industries).findByText('1,250')).toBeInTheDocument();
    expect(within(industries).getByText('Disabled: 50')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Partners' })).getByText('8')).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the counts', async () => {
    let attempt = 0;
    const { user } = renderHome(() =>
      ++attempt === 1 ? errorResponse(500, 'INTERNAL', 'Database unavailable') : jsonResponse(summary),
    );
    expect(await screen.findByText('The summary could not be loaded.')).toBeInTheDocument();
    // A 5xx never shows the server's internals.
    expect(screen.getByText('An unknown error has occurred.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('310')).toBeInTheDocument();
  });
});
