import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/route-access';
import { useSessionUser } from '../../app/session';
import { authKeys } from './api/auth-keys';
import { useSignOut } from './api/logout';
import { SignInCard, SignInForm, useSignInTitle } from './sign-in-form';

/**
 * Sign-in (`/login`) inside the console. A user who is already signed in can
 * continue or sign out instead. (A first visit to /login is served by the
 * start-up code with the same form: `app/sign-in-shell.tsx`.)
 */
export function LoginPage() {
  const user = useSessionUser();
  useSignInTitle();

  return <SignInCard>{user ? <SignedInNotice user={user} /> : <RoutedSignInForm />}</SignInCard>;
}

function RoutedSignInForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <SignInForm
      onSignedIn={async (user) => {
        queryClient.setQueryData(authKeys.loggedInUser(), user);
        // Storing the user has already swapped this form for the signed-in notice, so
        // navigate here rather than in a per-call callback, which would not run.
        await navigate(HOME_PATH, { replace: true });
      }}
    />
  );
}

function SignedInNotice({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('auth.signedInTitle')}
      </Title>
      <Text>{t('auth.signedInAs', { userName: user.userName })}</Text>
      <Group grow>
        <Button onClick={() => void navigate(HOME_PATH)}>{t('auth.continue')}</Button>
        <Button variant="default" onClick={() => void signOut()}>
          {t('auth.signOut')}
        </Button>
      </Group>
    </Stack>
  );
}
