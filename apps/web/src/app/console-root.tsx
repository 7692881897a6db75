import '@mantine/notifications/styles.css';
import type { LoggedInUser } from '@vayu/domain';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { authKeys } from '../features/auth/api/auth-keys';
import { addDictionary } from '../i18n';
import { en } from '../i18n/locales/en';
import { ConsoleProviders } from './app-providers';
import { BaseProviders } from './base-providers';
import { createQueryClient } from './query-client';
import { registerSwitchMenus } from './deferred-menu';
import { createAppRouter } from './router';
import * as switchMenus from './switch-menu-bodies';

// The console's header draws its switch menus at once, and its pages have their English texts.
registerSwitchMenus(switchMenus);
addDictionary('en', en);

/**
 * The console: router, server state, notifications, the layout and every
 * page. Loaded by the start-up code (`main.tsx`) for every address except a
 * first visit to /login, and after signing in there.
 */
export function renderConsole(root: Root, { signedInUser }: { signedInUser?: LoggedInUser } = {}) {
  const queryClient = createQueryClient();
  // Just signed in: the user is known, so the layout need not ask for it again.
  if (signedInUser) queryClient.setQueryData(authKeys.loggedInUser(), signedInUser);
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <BaseProviders>
        <ConsoleProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </ConsoleProviders>
      </BaseProviders>
    </StrictMode>,
  );
}
