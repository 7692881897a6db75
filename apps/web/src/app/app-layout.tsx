import { Anchor, AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { isHeaderHidden } from '@vayu/domain';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { DialogHost } from '../components/dialogs';
import { LoadingOverlay } from '../components/loading-overlay';
import { useLoggedInUserRefresh } from '../features/auth/api/get-logged-in-user';
import { ActivityOverlay } from './activity-overlay';
import { setUnauthorizedHandler } from './api-client';
import { AppHeader, AppMobileNav } from './app-header';
import classes from './app-layout.module.css';
import { LOGIN_PATH } from './route-access';
import { useSessionUser } from './session';

const HEADER_HEIGHT = 56;
const MAIN_CONTENT_ID = 'main-content';

/** The shell around every page: header, main area, dialogs and the loading overlay. */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const showHeader = !isHeaderHidden(pathname);

  useUnauthorizedRedirect();
  useLoggedInUserRefresh(user !== null);

  return (
    <AppShell
      header={showHeader ? { height: HEADER_HEIGHT } : undefined}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: true } }}
      padding="md"
    >
      <Anchor href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        {t('common.skipToContent')}
      </Anchor>
      {showHeader && <AppHeader user={user} navOpened={navOpened} onToggleNav={nav.toggle} />}
      {showHeader && navOpened && <AppMobileNav user={user} onNavigate={nav.close} />}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="xl" px={0}>
          <Suspense fallback={<LoadingOverlay visible />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
      <ActivityOverlay />
      <DialogHost />
      <ScrollRestoration />
    </AppShell>
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
