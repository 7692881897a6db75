import {
  AppShell,
  Burger,
  Button,
  Group,
  NavLink as MantineNavLink,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { LoggedInUser } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { LanguageMenu, ModuleMenu, UserMenu } from './header-menus';
import { HOME_PATH } from './route-access';
import { getNavRoutes } from './routes';

interface AppHeaderProps {
  user: LoggedInUser | null;
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Product name, the links the user may open, module and language switches, user menu. */
export function AppHeader({ user, navOpened, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation();
  const links = getNavRoutes(user);

  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        {/* The links give way (and scroll) before the menus on the right do. */}
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {links.length > 0 && (
            <Burger
              opened={navOpened}
              onClick={onToggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
              aria-expanded={navOpened}
              aria-controls="app-mobile-nav"
            />
          )}
          <Text
            component={Link}
            to={user ? HOME_PATH : '/login'}
            fw={700}
            fz="xl"
            c="blue.8"
            td="none"
            style={{ letterSpacing: '0.02em' }}
          >
            {t('common.appName')}
          </Text>
          {links.length > 0 && (
            <Group
              component="nav"
              aria-label={t('nav.main')}
              gap={2}
              visibleFrom="sm"
              wrap="nowrap"
              style={{ minWidth: 0, overflowX: 'auto', scrollbarWidth: 'thin' }}
            >
              {links.map((route) => (
                <HeaderLink key={route.path} to={route.path} label={t(route.nav.labelKey)} />
              ))}
            </Group>
          )}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <ModuleMenu />
          <LanguageMenu />
          {user && <UserMenu user={user} />}
        </Group>
      </Group>
    </AppShell.Header>
  );
}

function HeaderLink({ to, label }: { to: string; label: string }) {
  const isActive = useMatch({ path: to, end: false }) !== null;
  return (
    <Button
      component={Link}
      to={to}
      size="sm"
      px="sm"
      style={{ flexShrink: 0 }}
      variant={isActive ? 'light' : 'subtle'}
      color={isActive ? 'blue' : 'gray'}
      aria-current={isActive ? 'page' : undefined}
    >
      {label}
    </Button>
  );
}

/** The same links in a side panel on small screens. */
export function AppMobileNav({ user, onNavigate }: { user: LoggedInUser | null; onNavigate: () => void }) {
  const { t } = useTranslation();
  const links = getNavRoutes(user);

  return (
    <AppShell.Navbar p="sm" id="app-mobile-nav" hiddenFrom="sm">
      <nav aria-label={t('nav.main')}>
        <VisuallyHidden component="h2">{t('nav.main')}</VisuallyHidden>
        {links.map((route) => (
          <MobileLink
            key={route.path}
            to={route.path}
            label={t(route.nav.labelKey)}
            onNavigate={onNavigate}
          />
        ))}
      </nav>
    </AppShell.Navbar>
  );
}

function MobileLink({ to, label, onNavigate }: { to: string; label: string; onNavigate: () => void }) {
  const isActive = useMatch({ path: to, end: false }) !== null;
  return (
    <MantineNavLink
      component={Link}
      to={to}
      label={label}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}
