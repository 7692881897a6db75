import './app/start-styles.css';
import type { LoggedInUser } from '@vayu/domain';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BaseProviders } from './app/base-providers';
import { HOME_PATH, LOGIN_PATH } from './app/paths';
import { STORAGE_KEYS } from './app/session-storage';
import { SignInShell } from './app/sign-in-shell';
import { FailureNotice } from './app/failure-notice';
import { nextTask } from './app/next-task';
import { ConsoleShell } from './app/console-shell';
import { pageTitleKey } from './app/page-titles';
import { loadInitialLanguage } from './i18n';
import type * as ConsoleRoot from './app/console-root';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

/** The console (router, server state, pages): loaded once, when it is needed; a failed load is tried again. */
let consoleModule: Promise<typeof ConsoleRoot> | undefined;
function loadConsole() {
  consoleModule ??= import('./app/console-root').catch((error: unknown) => {
    consoleModule = undefined;
    throw error;
  });
  return consoleModule;
}

/**
 * A first visit to /login, with nobody signed in, draws the sign-in page from
 * the start-up code alone; everything else starts the console. (A signed-in
 * user on /login sees the console's own sign-in page, with its header.)
 */
function opensSignInFirst(): boolean {
  return window.location.pathname === LOGIN_PATH && window.localStorage.getItem(STORAGE_KEYS.user) === null;
}

/** A signed-in visitor opening one of the main screens sees its frame and title while the console loads. */
function opensMainScreen(): boolean {
  return (
    window.localStorage.getItem(STORAGE_KEYS.user) !== null &&
    pageTitleKey(window.location.pathname) !== undefined
  );
}

function draw(root: Root, content: ReactNode) {
  // Drawn as a transition: React yields to the browser while it renders.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BaseProviders>{content}</BaseProviders>
      </StrictMode>,
    ),
  );
}

async function start(element: HTMLElement) {
  const root = createRoot(element);
  const signInFirst = opensSignInFirst();
  const shellFirst = !signInFirst && opensMainScreen();
  // The console's code loads while the dictionary does (after the frame is drawn, when it is drawn
  // first: on a slow network the frame's first paint does not wait for the console's code).
  let consoleReady = signInFirst || shellFirst ? undefined : loadConsole();
  await loadInitialLanguage();
  if (shellFirst) {
    consoleReady = new Promise((resolve) =>
      draw(root, <ConsoleShell pathname={window.location.pathname} onShown={() => resolve(loadConsole())} />),
    );
  }
  if (consoleReady) {
    try {
      const { renderConsole } = await consoleReady;
      await nextTask();
      await renderConsole(root);
    } catch (error) {
      console.error(error);
      draw(root, <FailureNotice />);
    }
    return;
  }
  const enterConsole = async (user: LoggedInUser) => {
    try {
      const { renderConsole } = await loadConsole();
      window.history.replaceState(null, '', HOME_PATH);
      await renderConsole(root, { signedInUser: user });
    } catch {
      // The session has started: the next page load starts the console.
      window.location.assign(HOME_PATH);
    }
  };
  draw(
    root,
    <SignInShell onSignedIn={enterConsole} onStart={() => void loadConsole().catch(() => undefined)} />,
  );
}

void start(container);
