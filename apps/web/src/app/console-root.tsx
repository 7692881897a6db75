import './console-styles.css';
import '@mantine/notifications/styles.css';
import type { QueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@vayu/domain';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { authKeys } from '../features/auth/api/auth-keys';
import { addDictionary } from '../i18n';
import { en } from '../i18n/locales/en';
import { ConsoleProviders } from './app-providers';
import { BaseProviders } from './base-providers';
import { registerSwitchMenus } from './deferred-menu';
import { nextTask } from './next-task';
import { createQueryClient } from './query-client';
import { findRouteRule, resolveNavigation } from './route-access';
import { createAppRouter } from './router';
import { APP_ROUTES } from './routes';
import { getStoredUser } from './session';
import * as switchMenus from './switch-menu-bodies';

// The console's header draws its switch menus at once.
registerSwitchMenus(switchMenus);

/** How long a screen's first drawing waits for its first data at most. */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * When the console starts at a screen the visitor may open, its code and its
 * first data are asked for at once, rather than one after the other as it is drawn.
 */
function startLoadingScreen(queryClient: QueryClient, url: URL) {
  if (resolveNavigation(APP_ROUTES, url.pathname, getStoredUser()).type !== 'allow') return;
  const route = findRouteRule(APP_ROUTES, url.pathname);
  // A failure here is the screen's to show when it is drawn.
  route?.Page?.load?.().catch(() => undefined);
  const firstData = route?.prefetch?.(queryClient, url);
  if (!firstData) return;
  // A slow or failing answer does not hold the screen back for long: it then shows its own loading state.
  const cap = new Promise((done) => setTimeout(done, FIRST_DATA_WAIT_MS));
  route?.Page?.drawAfter?.(Promise.race([firstData, cap]));
}

/**
 * The console: router, server state, notifications, the layout and every
 * page. Loaded by the start-up code (`main.tsx`) for every address except a
 * first visit to /login, and after signing in there.
 */
export async function renderConsole(root: Root, { signedInUser }: { signedInUser?: LoggedInUser } = {}) {
  const queryClient = createQueryClient();
  // Just signed in: the user is known, so the layout need not ask for it again.
  if (signedInUser) queryClient.setQueryData(authKeys.loggedInUser(), signedInUser);
  startLoadingScreen(queryClient, new URL(window.location.href));
  // The first screen's code and data are on their way; the rest of the start is a task of its own.
  await nextTask();
  // The pages have their English texts.
  addDictionary('en', en);
  const router = createAppRouter();
  // Drawn as a transition: React yields to the browser while it renders the first screen.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BaseProviders>
          <ConsoleProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </ConsoleProviders>
        </BaseProviders>
      </StrictMode>,
    ),
  );
}
