import {
  AccordionChevron,
  AppShell,
  Burger,
  Button,
  Group,
  NavLink as MantineNavLink,
  Menu,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { LoggedInUser } from '@vayu/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { AlertsButton } from '../features/alerts/alerts-button';
import { UserMenu } from './header-menus';
import { HOME_PATH } from './route-access';
import { APP_ROUTES, getNavRoutes, type NavGroup, type NavLabelKey } from './routes';
import { BRAND_TEXT_PROPS, HeaderBar } from './shell-frame';
import { LanguageMenu, ModuleMenu } from './switch-menus';

/** The alerts button's count (and its polling) loads after the console has drawn; a plain bell stands in. */
const AlertsBadge = lazy(async () => ({
  default: (await import('../features/alerts/alerts-badge')).AlertsBadge,
}));

type NavEntry = { path: string; labelKey: NavLabelKey };
type NavSegment = { kind: 'link'; link: NavEntry } | { kind: 'group'; group: NavGroup; links: NavEntry[] };

/** The header's links in table order; links of a group gather where the group's first link stands. */
function getNavSegments(user: LoggedInUser | null): NavSegment[] {
  const segments: NavSegment[] = [];
  for (const route of getNavRoutes(user)) {
    // The account's own things (invoices, payments) are in the user menu.
    if (route.nav.menu === 'user') continue;
    const link = { path: route.path, labelKey: route.nav.labelKey };
    const group = route.nav.group;
    if (!group) {
      segments.push({ kind: 'link', link });
      continue;
    }
    const existing = segments.find(
      (segment): segment is Extract<NavSegment, { kind: 'group' }> =>
        segment.kind === 'group' && segment.group === group,
    );
    if (existing) existing.links.push(link);
    else segments.push({ kind: 'group', group, links: [link] });
  }
  return segments;
}

/** Widths (Mantine breakpoints) from which the header's links stand in the header bar; below, in the side panel. */
export type NavBreakpoint = 'md' | 'lg';

/** Header links that fit beside the menus from the `md` width (992 px); more need `lg` (1200 px). */
const LINKS_FITTING_MD = 4;

/** From which width the user's header links fit in the header bar (a longer list needs a wider screen). */
export function navBreakpointOf(user: LoggedInUser | null): NavBreakpoint {
  return getNavSegments(user).length > LINKS_FITTING_MD ? 'lg' : 'md';
}

const GROUP_LABELS: Record<NavGroup, { label: `nav.${NavGroup}`; menu: `nav.${NavGroup}Menu` }> = {
  // Alerts, reports and offline remarks: what the data did, in one menu.
  monitoring: { label: 'nav.monitoring', menu: 'nav.monitoringMenu' },
  masters: { label: 'nav.masters', menu: 'nav.mastersMenu' },
  // The audit log and the activity logs: one menu, so the header keeps room.
  audit: { label: 'nav.audit', menu: 'nav.auditMenu' },
};

/** Every path the header links to (for anyone). */
const NAV_PATHS = APP_ROUTES.filter((route) => route.nav !== undefined).map((route) => route.path);

/**
 * The header link of the page shown: the most specific one that matches
 * (on /devices/profiles, "Device profiles", not "Devices" as well).
 */
export function currentNavPath(pathname: string, paths: readonly string[] = NAV_PATHS): string | undefined {
  let current: string | undefined;
  for (const path of paths) {
    if (matchPath({ path, end: false }, pathname) === null) continue;
    if (current === undefined || path.length > current.length) current = path;
  }
  return current;
}

function useIsCurrent(path: string) {
  const { pathname } = useLocation();
  return currentNavPath(pathname) === path;
}

function useIsAnyActive(links: NavEntry[]) {
  const { pathname } = useLocation();
  const current = currentNavPath(pathname);
  return links.some((link) => link.path === current);
}

interface AppHeaderProps {
  user: LoggedInUser | null;
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Product name, the links the user may open, module and language switches, user menu. */
export function AppHeader({ user, navOpened, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation();
  const segments = getNavSegments(user);
  const breakpoint = navBreakpointOf(user);

  return (
    <HeaderBar
      start={
        <>
          {segments.length > 0 && (
            <Burger
              opened={navOpened}
              onClick={onToggleNav}
              hiddenFrom={breakpoint}
              size="sm"
              aria-label={t('nav.toggle')}
              aria-expanded={navOpened}
              aria-controls="app-mobile-nav"
            />
          )}
          <Text component={Link} to={user ? HOME_PATH : '/login'} {...BRAND_TEXT_PROPS}>
            {t('common.appName')}
          </Text>
          {segments.length > 0 && (
            <Group
              component="nav"
              aria-label={t('nav.main')}
              gap={2}
              visibleFrom={breakpoint}
              wrap="nowrap"
              style={{ minWidth: 0, overflowX: 'auto', scrollbarWidth: 'thin' }}
            >
              {segments.map((segment) =>
                segment.kind === 'link' ? (
                  <HeaderLink
                    key={segment.link.path}
                    to={segment.link.path}
                    label={t(segment.link.labelKey)}
                  />
                ) : (
                  <HeaderGroupMenu key={segment.group} group={segment.group} links={segment.links} />
                ),
              )}
            </Group>
          )}
        </>
      }
      end={
        <>
          {user && (
            <Suspense fallback={<AlertsButton label={t('alerts.badge.loading')} countText={null} />}>
              <AlertsBadge />
            </Suspense>
          )}
          <ModuleMenu />
          <LanguageMenu />
          {user && <UserMenu user={user} />}
        </>
      }
    />
  );
}

function HeaderLink({ to, label }: { to: string; label: string }) {
  const isActive = useIsCurrent(to);
  return (
    <Button
      component={Link}
      to={to}
      size="sm"
      // Narrow sides: the bar also holds the alerts bell, and a site or partner user's links fill it at 1440 px.
      px={8}
      style={{ flexShrink: 0 }}
      variant={isActive ? 'light' : 'subtle'}
      color={isActive ? 'blue' : 'gray'}
      aria-current={isActive ? 'page' : undefined}
    >
      {label}
    </Button>
  );
}

/** A header menu holding a group's links (opened by click or keyboard). */
function HeaderGroupMenu({ group, links }: { group: NavGroup; links: NavEntry[] }) {
  const { t } = useTranslation();
  const isActive = useIsAnyActive(links);
  const { pathname } = useLocation();
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          size="sm"
          px={8}
          style={{ flexShrink: 0 }}
          variant={isActive ? 'light' : 'subtle'}
          color={isActive ? 'blue' : 'gray'}
          aria-label={t(GROUP_LABELS[group].menu)}
          rightSection={<AccordionChevron size={14} aria-hidden="true" />}
        >
          {t(GROUP_LABELS[group].label)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => {
          const current = link.path === currentNavPath(pathname);
          return (
            <Menu.Item
              key={link.path}
              component={Link}
              to={link.path}
              aria-current={current ? 'page' : undefined}
              fw={current ? 600 : undefined}
            >
              {t(link.labelKey)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same links in a side panel on small screens; a group's links nest under it. */
export function AppMobileNav({ user, onNavigate }: { user: LoggedInUser | null; onNavigate: () => void }) {
  const { t } = useTranslation();
  const segments = getNavSegments(user);

  return (
    <AppShell.Navbar p="sm" id="app-mobile-nav" hiddenFrom={navBreakpointOf(user)}>
      <nav aria-label={t('nav.main')}>
        <VisuallyHidden component="h2">{t('nav.main')}</VisuallyHidden>
        {segments.map((segment) =>
          segment.kind === 'link' ? (
            <MobileLink
              key={segment.link.path}
              to={segment.link.path}
              label={t(segment.link.labelKey)}
              onNavigate={onNavigate}
            />
          ) : (
            <MobileGroup
              key={segment.group}
              group={segment.group}
              links={segment.links}
              onNavigate={onNavigate}
            />
          ),
        )}
      </nav>
    </AppShell.Navbar>
  );
}

function MobileGroup({
  group,
  links,
  onNavigate,
}: {
  group: NavGroup;
  links: NavEntry[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const isActive = useIsAnyActive(links);
  return (
    <MantineNavLink label={t(GROUP_LABELS[group].label)} defaultOpened={isActive} childrenOffset="md">
      {links.map((link) => (
        <MobileLink key={link.path} to={link.path} label={t(link.labelKey)} onNavigate={onNavigate} />
      ))}
    </MantineNavLink>
  );
}

function MobileLink({ to, label, onNavigate }: { to: string; label: string; onNavigate: () => void }) {
  const isActive = useIsCurrent(to);
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
