import { Menu, Text } from '@mantine/core';
import { APP_MODULES, LANGUAGES } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage, setLanguage } from '../i18n';
import type { MenuBodyProps } from './deferred-menu';
import { getAppModule, switchAppModule } from './session-storage';

/*
 * The menus of the module and language switches (their buttons are in
 * switch-menus.tsx). The console loads this module with its layout; the
 * sign-in page of a first visit loads it when a switch is first pointed at,
 * focused or pressed.
 */

function Check({ shown }: { shown: boolean }) {
  return (
    <Text component="span" w={14} aria-hidden>
      {shown ? '✓' : ''}
    </Text>
  );
}

/** Switches the application module; the console reloads at '/'. */
export function ModuleMenuBody({ id, target, opened, onChange }: MenuBodyProps) {
  const { t } = useTranslation();
  const current = getAppModule();
  return (
    <Menu id={id} position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
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
export function LanguageMenuBody({ id, target, opened, onChange }: MenuBodyProps) {
  const { t } = useTranslation();
  const current = getCurrentLanguage();
  return (
    <Menu id={id} position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
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
