import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SetPasswordPage } from './set-password-page';

const TOKEN = 'a'.repeat(43);

function renderPage(handlers: Parameters<typeof createApiMock>[0]) {
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route path="/activate/:token" element={<SetPasswordPage />} />
      <Route path="/login" element={<p>Sign-in page</p>} />
    </Routes>,
    { route: `/activate/${TOKEN}` },
  );
  return { ...view, api };
}

describe('SetPasswordPage', () => {
  it('says so when the link is not valid and links to sign in', async () => {
    renderPage({
      [`GET /api/auth/password-token/${TOKEN}`]: () =>
        errorResponse(400, 'PASSWORD_LINK_INVALID', 'This link is invalid or has expired.'),
    });
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers a retry when the server could not answer', async () => {
    renderPage({
      [`GET /api/auth/password-token/${TOKEN}`]: () => errorResponse(503, 'UNAVAILABLE', 'Busy.'),
    });
    expect(await screen.findByText('The service is busy. Try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says the link cannot be used when it ran out while the form was open', async () => {
    const { user } = renderPage({
      [`GET /api/auth/password-token/${TOKEN}`]: () =>
        jsonResponse({ userName: 'ravi@acme.example', purpose: 'RESET' }),
      'POST /api/auth/set-password': () =>
        errorResponse(400, 'PASSWORD_LINK_INVALID', 'This link is invalid or has expired.', [
          { path: 'token', message: 'This link is invalid or has expired.', code: 'FIELD_INVALID' },
        ]),
    });
    await user.type(await screen.findByLabelText(/^New password/), 'Secret#2026');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
  });

  it('checks the rules live, sets the password and offers to sign in', async () => {
    const { user, api } = renderPage({
      [`GET /api/auth/password-token/${TOKEN}`]: () =>
        jsonResponse({ userName: 'ravi@acme.example', purpose: 'ACTIVATION' }),
      'POST /api/auth/set-password': () => new Response(null, { status: 204 }),
    });
    expect(await screen.findByRole('heading', { name: 'Activate your account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'User name' })).toHaveValue('ravi@acme.example');

    await user.type(screen.getByLabelText(/^New password/), 'Secret#2026');
    const rules = screen.getAllByRole('listitem');
    expect(rules.every((rule) => rule.getAttribute('data-met') === 'true')).toBe(true);
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('Your password has been set. You can now sign in.')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ token: TOKEN, password: 'Secret#2026' });
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await waitFor(() => expect(screen.getByText('Sign-in page')).toBeInTheDocument());
  });
});
