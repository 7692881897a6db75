import { Button, Menu, Text } from '@mantine/core';
import type { LoggedInUser } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../features/auth/api/logout';
import { decideRouteAccess } from './route-access';
import { APP_ROUTES, getNavRoutes, type NavLabelKey } from './routes';

export { LanguageMenu, ModuleMenu } from './switch-menus';

/**
 * The account's own things that are not a header link: an industry's
 * subscription, and the invoices and payments the user sees.
 */
function accountLinks(user: LoggedInUser): { path: string; label: 'header.subscription' | NavLabelKey }[] {
  const links: { path: string; label: 'header.subscription' | NavLabelKey }[] = [];
  const subscription = `/subscription/${user.account.id}`;
  const route = APP_ROUTES.find((item) => item.path === '/subscription/:tenantId');
  if (user.userType === 'tenant' && route && decideRouteAccess(route, subscription, user).type === 'allow') {
    links.push({ path: subscription, label: 'header.subscription' });
  }
  for (const item of getNavRoutes(user)) {
    if (item.nav.menu === 'user') links.push({ path: item.path, label: item.nav.labelKey });
  }
  return links;
}

/** The signed-in user's e-mail, with the profile link, the account's own billing links and sign-out. */
export function UserMenu({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const links = accountLinks(user);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          size="sm"
          px="sm"
          maw={{ base: 48, xs: 220, sm: 280 }}
          aria-label={user.userName}
        >
          {/* The user name; on small screens, where the header has room for little, the initials. */}
          <Text component="span" size="sm" truncate="end" visibleFrom="xs">
            {user.userName}
          </Text>
          <Text component="span" size="sm" fw={600} hiddenFrom="xs">
            {initialsOf(user.name || user.userName)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('header.userMenu', { userName: user.userName })}>
        <Menu.Label>{user.name}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          {t('header.profile')}
        </Menu.Item>
        {links.map((link) => (
          <Menu.Item key={link.path} component={Link} to={link.path}>
            {t(link.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* c: Mantine draws a menu item's colour in shade 6; the theme's red text is the readable one. */}
        <Menu.Item color="red" c="red" onClick={() => void signOut()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Up to two initials of a name ("Asha Rao" → "AR"; one word or an e-mail → its first letter). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[1]!] : words.slice(0, 1)).map(
    (word) => [...word][0] ?? '',
  );
  return letters.join('').toUpperCase();
}
