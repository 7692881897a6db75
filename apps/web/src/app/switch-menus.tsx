import { Button, Text } from '@mantine/core';
import type { Language } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '../i18n';
import { DeferredMenu } from './deferred-menu';
import { getAppModule } from './session-storage';

/*
 * The module and language switches of the header. Their buttons are drawn at
 * once; their menus (switch-menu-bodies.tsx) come with the console, or load
 * on first use on the sign-in page a first visit opens.
 */

/** Switches the application module; the console reloads at '/'. */
export function ModuleMenu() {
  const { t } = useTranslation();
  const current = getAppModule();
  const label = t('header.currentModule', { module: t(`modules.${current}`) });

  return (
    <DeferredMenu
      menu="ModuleMenuBody"
      target={
        <Button variant="subtle" color="gray" size="sm" px="xs" style={{ flexShrink: 0 }} aria-label={label}>
          {/* The visible text is the name, or a part of it on small screens. */}
          <Text component="span" inherit visibleFrom="sm">
            {label}
          </Text>
          <Text component="span" inherit hiddenFrom="sm">
            {t(`modules.${current}`)}
          </Text>
        </Button>
      }
    />
  );
}

/** Each language's short name, in its own script (as its full name is shown in it). */
const LANGUAGE_SHORT_NAMES: Record<Language, string> = { en: 'EN', hi: 'हि' };

/** Switches the language at once and remembers it in the `lang` cookie. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = getCurrentLanguage();
  const currentName = t(`languages.${current}`);

  return (
    <DeferredMenu
      menu="LanguageMenuBody"
      target={
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          px="xs"
          style={{ flexShrink: 0 }}
          aria-label={`${t('header.languageMenu')}: ${currentName}`}
        >
          {/* The language's own short name on small screens, where the header has room for little. */}
          <Text component="span" inherit lang={current} visibleFrom="xs">
            {currentName}
          </Text>
          <Text component="span" inherit lang={current} hiddenFrom="xs">
            {LANGUAGE_SHORT_NAMES[current]}
          </Text>
        </Button>
      }
    />
  );
}
