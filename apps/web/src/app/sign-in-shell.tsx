import { Text } from '@mantine/core';
import type { LoggedInUser } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { SignInCard, SignInForm, useSignInTitle } from '../features/auth/sign-in-form';
import { LOGIN_PATH } from './paths';
import { BRAND_TEXT_PROPS, HeaderBar, ShellFrame } from './shell-frame';
import { LanguageMenu, ModuleMenu } from './switch-menus';

interface SignInShellProps {
  onSignedIn: (user: LoggedInUser) => Promise<void>;
  onStart: () => void;
}

/**
 * /login on a first visit (nobody signed in): the console's frame, header
 * and sign-in form, drawn without the router, the server-state cache or the
 * pages. Signing in loads the console (`console-root.tsx`).
 */
export function SignInShell({ onSignedIn, onStart }: SignInShellProps) {
  const { t } = useTranslation();
  useSignInTitle();
  return (
    <ShellFrame
      header={
        <HeaderBar
          start={
            <Text component="a" href={LOGIN_PATH} {...BRAND_TEXT_PROPS}>
              {t('common.appName')}
            </Text>
          }
          end={
            <>
              <ModuleMenu />
              <LanguageMenu />
            </>
          }
        />
      }
    >
      <SignInCard>
        <SignInForm onSignedIn={onSignedIn} onStart={onStart} />
      </SignInCard>
    </ShellFrame>
  );
}
