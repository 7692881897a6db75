import type { LoggedInUser } from '@vayu/domain';
import { SignInCard, SignInForm, useSignInTitle } from '../features/auth/sign-in-form';
import { LOGIN_PATH } from './paths';
import { BrandLink, HeaderBar, ShellFrame } from './shell-frame';
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
  useSignInTitle();
  return (
    <ShellFrame
      header={
        <HeaderBar
          start={<BrandLink href={LOGIN_PATH} />}
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
