import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { isHeaderHidden, isPublicPath } from '@vayu/domain';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { DialogHost } from '../components/dialogs';
import { LoadingOverlay } from '../components/loading-overlay';
import { useLoggedInUserRefresh } from '../features/auth/api/get-logged-in-user';
import { ActivityOverlay } from './activity-overlay';
import { setUnauthorizedHandler } from './api-client';
import { AppHeader, AppMobileNav, navBreakpointOf } from './app-header';
import { LOGIN_PATH } from './route-access';
import { useSessionUser } from './session';
import { PageTitlePlaceholder } from './page-title-placeholder';
import { ShellFrame } from './shell-frame';

/** The shell around every page: header, main area, dialogs and the loading overlay. */
export function AppLayout() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const showHeader = !isHeaderHidden(pathname);

  useUnauthorizedRedirect();
  // Public pages call the public API only (their /api/ calls are rewritten to /public/api/).
  useLoggedInUserRefresh(user !== null && !isPublicPath(pathname));

  return (
    <ShellFrame
      header={showHeader && <AppHeader user={user} navOpened={navOpened} onToggleNav={nav.toggle} />}
      mobileNav={<AppMobileNav user={user} onNavigate={nav.close} />}
      navOpened={navOpened}
      navBreakpoint={navBreakpointOf(user)}
      outside={
        <>
          <ActivityOverlay />
          <DialogHost />
          <ScrollRestoration />
        </>
      }
    >
      <Suspense
        fallback={
          <>
            <PageTitlePlaceholder pathname={pathname} />
            <LoadingOverlay visible />
          </>
        }
      >
        <Outlet />
      </Suspense>
    </ShellFrame>
  );
}

/** After a 401 the API client has cleared the session; this sends the user to /login without a reload. */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      void navigate(LOGIN_PATH, { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, queryClient]);
}
