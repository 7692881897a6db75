import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, createApiMock, jsonResponse } from '../test/fixtures';
import { BaseProviders } from './base-providers';
import { STORAGE_KEYS } from './session-storage';
import { SignInShell } from './sign-in-shell';

function renderShell() {
  const onSignedIn = vi.fn(async () => undefined);
  const onStart = vi.fn();
  const user = userEvent.setup();
  render(
    <BaseProviders>
      <SignInShell onSignedIn={onSignedIn} onStart={onStart} />
    </BaseProviders>,
  );
  return { user, onSignedIn, onStart };
}

describe('SignInShell (the first visit to /login)', () => {
  // The menus' code (Mantine's menu and its positioning) is compiled on its first import, which
  // takes a busy machine many seconds; compiled here, the press in the test only loads it.
  beforeAll(async () => {
    await import('./switch-menu-bodies');
  }, 120_000);

  it('checks the form before sending: both fields required, the first one focused', async () => {
    const api = createApiMock({});
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
    // After a first attempt a field is checked again as it changes.
    await user.type(screen.getByLabelText(/^Email/), 'asha.rao@vayu.example');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it('signs in, stores the user and goes on into the console', async () => {
    const signedIn = buildUser();
    const api = createApiMock({ 'POST /api/auth/login': () => jsonResponse(signedIn) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const { user, onSignedIn, onStart } = renderShell();
    await user.type(screen.getByLabelText(/^Email/), ' Asha.Rao@Vayu.Example');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    expect(onStart).toHaveBeenCalled();
    expect(JSON.parse(String(api.calls[0]?.init.body))).toEqual({
      userName: 'asha.rao@vayu.example',
      password: 'Secret#2026',
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(signedIn);
  });

  it('loads the language menu when its button is pressed, and opens it', async () => {
    const { user } = renderShell();
    const button = screen.getByRole('button', { name: 'Language: English' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(button);
    // The menu's code loads on this first press (slow to compile on a busy machine).
    // jsdom has no layout for the dropdown's transition: the item is found whatever its visibility.
    await user.click(await screen.findByRole('menuitem', { name: 'हिन्दी', hidden: true }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Vayu में साइन इन करें');
    // Compiling Mantine's menu on first use takes a busy machine seconds: this is a ceiling, not a wait.
  }, 30_000);
});
