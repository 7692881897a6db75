import { act, screen, waitFor } from '@testing-library/react';
import type { ApiErrorCode } from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalStorage } from '../../app/session';
import { i18n } from '../../i18n';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './login-page';

afterEach(async () => {
  clearLocalStorage();
  await act(() => i18n.changeLanguage('en'));
});

function renderLogin(answer: () => Response) {
  const api = createApiMock({ 'POST /api/auth/login': answer });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/home" element={<p>Home page</p>} />
    </Routes>,
    { route: '/login' },
  );
  return { ...view, api };
}

async function signIn(
  user: ReturnType<typeof renderLogin>['user'],
  labels = { email: 'Email', password: 'Password', submit: 'Sign in' },
) {
  await user.type(screen.getByLabelText(new RegExp(`^${labels.email}`)), 'asha.rao@vayu.example');
  await user.type(screen.getByLabelText(new RegExp(`^${labels.password}`)), 'Secret#2026');
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

describe('LoginPage', () => {
  it('signs in and goes home', async () => {
    const { user, api } = renderLogin(() => jsonResponse(buildUser()));
    await signIn(user);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]?.init.body))).toEqual({
      userName: 'asha.rao@vayu.example',
      password: 'Secret#2026',
    });
  });

  it.each<[ApiErrorCode, number, string]>([
    ['INVALID_CREDENTIALS', 401, 'Invalid user name or password.'],
    ['RATE_LIMITED', 429, 'Too many failed sign-in attempts. Try again later.'],
    ['USER_DISABLED', 403, 'This user is disabled. Please contact your administrator.'],
    ['ACCOUNT_DISABLED', 403, 'This account is disabled. Please contact your partner or the platform team.'],
  ])('words %s by its code above the form', async (code, status, wording) => {
    const { user } = renderLogin(() => errorResponse(status, code, 'Some other server text.'));
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(wording);
    expect(screen.queryByText('Some other server text.')).not.toBeInTheDocument();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });

  it.each<[number, string]>([
    [30, 'Too many attempts. Try again in 30 seconds.'],
    [1, 'Too many attempts. Try again in 1 second.'],
    [240, 'Too many attempts. Try again in 4 minutes.'],
  ])('says how long to wait when the server names it (%i s)', async (retryAfterSeconds, wording) => {
    const { user } = renderLogin(() =>
      errorResponse(429, 'RATE_LIMITED', 'Some other server text.', undefined, { retryAfterSeconds }),
    );
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(wording);
  });

  it.each<[ApiErrorCode, number, string]>([
    ['INVALID_CREDENTIALS', 401, 'उपयोगकर्ता नाम या पासवर्ड गलत है।'],
    ['RATE_LIMITED', 429, 'बहुत अधिक असफल प्रयास। बाद में पुनः प्रयास करें।'],
    ['USER_DISABLED', 403, 'यह उपयोगकर्ता निष्क्रिय है। कृपया अपने व्यवस्थापक से संपर्क करें।'],
    ['ACCOUNT_DISABLED', 403, 'यह खाता निष्क्रिय है। कृपया अपने पार्टनर या प्लेटफ़ॉर्म टीम से संपर्क करें।'],
  ])('words %s in Hindi', async (code, status, wording) => {
    await act(() => i18n.changeLanguage('hi'));
    const { user } = renderLogin(() => errorResponse(status, code, 'Some other server text.'));
    await signIn(user, { email: 'ईमेल', password: 'पासवर्ड', submit: 'साइन इन करें' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(wording));
  });
});
