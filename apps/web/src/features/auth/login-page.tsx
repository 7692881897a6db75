import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { loginBodySchema, type LoggedInUser, type LoginBody } from '@vayu/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { HOME_PATH } from '../../app/route-access';
import { useSessionUser } from '../../app/session';
import { applyServerError, EmailField, PasswordField } from '../../components/form';
import { useLogin } from './api/login';
import { useSignOut } from './api/logout';

/** Sign-in (`/login`). A user who is already signed in can continue or sign out instead. */
export function LoginPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  useDocumentTitle(`${t('auth.submit')} · ${t('common.appName')}`);

  return (
    <Container size={440} py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" mt="xl">
        {user ? <SignedInNotice user={user} /> : <LoginForm />}
      </Paper>
    </Container>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<z.input<typeof loginBodySchema>, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { userName: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await loginMutation.mutateAsync(body);
    } catch (error) {
      // Wrong credentials, too many attempts, a disabled user or account: worded by the code, above the form.
      const outcome = applyServerError(error, setError, t, { fields: ['userName', 'password'] });
      if (!outcome.isShownOnField) setFailure(outcome.message);
      return;
    }
    // Storing the user has already swapped this form for the signed-in notice, so
    // navigate here rather than in a per-call callback, which would not run.
    await navigate(HOME_PATH, { replace: true });
  });
  const isSubmitting = loginMutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="login-title">
            {t('auth.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.subtitle')}
          </Text>
        </div>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <EmailField
          control={control}
          name="userName"
          label={t('auth.email')}
          autoComplete="username"
          required
          disabled={isSubmitting}
        />
        <PasswordField
          control={control}
          name="password"
          label={t('auth.password')}
          autoComplete="current-password"
          required
          disabled={isSubmitting}
        />
        <Button type="submit" fullWidth loading={isSubmitting} loaderProps={{ 'aria-hidden': true }}>
          {t('auth.submit')}
        </Button>
      </Stack>
    </form>
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
