import { Button, Menu, Text } from '@mantine/core';
import type { LoggedInUser } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../features/auth/api/logout';

export { LanguageMenu, ModuleMenu } from './switch-menus';

/** The signed-in user's e-mail, with the profile link and sign-out. */
export function UserMenu({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();

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
