import { Button, Menu, Text } from '@mantine/core';
import { APP_MODULES, LANGUAGES, type LoggedInUser } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../features/auth/api/logout';
import { getCurrentLanguage, setLanguage } from '../i18n';
import { getAppModule, switchAppModule } from './session';

function Check({ shown }: { shown: boolean }) {
  return (
    <Text component="span" w={14} aria-hidden>
      {shown ? '✓' : ''}
    </Text>
  );
}

/** Switches the application module; the console reloads at '/'. */
export function ModuleMenu() {
  const { t } = useTranslation();
  const current = getAppModule();
  const label = t('header.currentModule', { module: t(`modules.${current}`) });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="sm" px="xs" style={{ flexShrink: 0 }} aria-label={label}>
          {/* The visible text is the name, or a part of it on small screens. */}
          <Text component="span" inherit visibleFrom="sm">
            {label}
          </Text>
          <Text component="span" inherit hiddenFrom="sm">
            {t(`modules.${current}`)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('header.moduleMenu')}>
        <Menu.Label>{t('header.moduleMenu')}</Menu.Label>
        {APP_MODULES.map((appModule) => (
          <Menu.Item
            key={appModule}
            leftSection={<Check shown={appModule === current} />}
            aria-current={appModule === current ? 'true' : undefined}
            onClick={() => {
              if (appModule !== current) switchAppModule(appModule);
            }}
          >
            {t(`modules.${appModule}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Switches the language at once and remembers it in the `lang` cookie. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = getCurrentLanguage();
  const currentName = t(`languages.${current}`);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          px="xs"
          style={{ flexShrink: 0 }}
          aria-label={`${t('header.languageMenu')}: ${currentName}`}
        >
          <span lang={current}>{currentName}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('header.languageMenu')}>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            leftSection={<Check shown={language === current} />}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => void setLanguage(language)}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The signed-in user's e-mail, with the profile link and sign-out. */
export function UserMenu({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" size="sm" px="sm" maw={{ base: 120, xs: 220, sm: 280 }}>
          <Text component="span" size="sm" truncate="end">
            {user.userName}
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
