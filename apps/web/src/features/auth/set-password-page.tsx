import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { newPasswordFormSchema, type NewPasswordForm } from '@vayu/domain';
import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { LOGIN_PATH } from '../../app/route-access';
import { applyServerError, PasswordField } from '../../components/form';
import { PasswordChecklist } from '../../components/password-checklist';
import { usePasswordToken, useSetPassword, type PasswordTokenInfo } from './api/set-password';

/**
 * `/activate/:token` and `/reset-password/:token` (public): the link from the
 * activation or password-reset e-mail. The token is checked first, then the
 * person chooses a password under the five rules of spec §5.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const tokenInfo = usePasswordToken(token);
  const [done, setDone] = useState(false);
  const title =
    tokenInfo.data?.purpose === 'RESET'
      ? t('people.setPassword.resetTitle')
      : t('people.setPassword.activateTitle');
  useDocumentTitle(`${title} · ${t('common.appName')}`);

  return (
    <Container size={480} py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" mt="xl">
        {tokenInfo.isPending ? (
          <Group gap="sm" role="status" aria-live="polite">
            <Loader size="sm" aria-hidden />
            <Text>{t('people.setPassword.checking')}</Text>
          </Group>
        ) : tokenInfo.isError ? (
          <InvalidLink
            message={isBadLink(tokenInfo.error) ? undefined : getErrorMessage(t, tokenInfo.error)}
            onRetry={isBadLink(tokenInfo.error) ? undefined : () => void tokenInfo.refetch()}
          />
        ) : done ? (
          <Stack gap="md" role="status" aria-live="polite">
            <Title order={1} size="h2">
              {t('people.setPassword.doneTitle')}
            </Title>
            <Text>{t('people.setPassword.done')}</Text>
            <Button component={Link} to={LOGIN_PATH} style={{ alignSelf: 'flex-start' }}>
              {t('people.setPassword.signIn')}
            </Button>
          </Stack>
        ) : (
          <SetPasswordForm token={token} info={tokenInfo.data} title={title} onDone={() => setDone(true)} />
        )}
      </Paper>
    </Container>
  );
}

/** The server refused the link (unknown, used, expired or malformed), as opposed to not answering. */
function isBadLink(error: unknown): boolean {
  return hasErrorCode(error, 'PASSWORD_LINK_INVALID', 'NOT_FOUND', 'VALIDATION_FAILED');
}

function InvalidLink({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('people.setPassword.invalidTitle')}
      </Title>
      <Alert color="red" variant="light" role="alert">
        {message ?? t('people.setPassword.invalid')}
      </Alert>
      <Group gap="sm">
        {onRetry && (
          <Button variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
        <Button component={Link} to={LOGIN_PATH}>
          {t('people.setPassword.signIn')}
        </Button>
      </Group>
    </Stack>
  );
}

interface SetPasswordFormProps {
  token: string;
  info: PasswordTokenInfo;
  title: string;
  onDone: () => void;
}

function SetPasswordForm({ token, info, title, onDone }: SetPasswordFormProps) {
  const { t } = useTranslation();
  const setPassword = useSetPassword();
  const [linkExpired, setLinkExpired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(({ password }) => {
    setFailure(null);
    setPassword.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          // The link was used or ran out while the form was open.
          if (hasErrorCode(error, 'PASSWORD_LINK_INVALID')) {
            setLinkExpired(true);
            return;
          }
          const outcome = applyServerError(error, setError, t, { fields: ['password'] });
          if (!outcome.isShownOnField) setFailure(outcome.message);
        },
      },
    );
  });

  if (linkExpired) return <InvalidLink />;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="set-password-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="set-password-title">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {info.purpose === 'RESET'
              ? t('people.setPassword.resetIntro')
              : t('people.setPassword.activateIntro')}
          </Text>
        </div>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('people.setPassword.userName')}
          value={info.userName}
          readOnly
          autoComplete="username"
        />
        <PasswordField
          control={control}
          name="password"
          label={t('changePassword.newPassword')}
          autoComplete="new-password"
          required
          autoFocus
        />
        <WatchedChecklist control={control} />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" loading={setPassword.isPending}>
          {t('people.setPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function WatchedChecklist({ control }: { control: Control<NewPasswordForm> }) {
  const password = useWatch({ control, name: 'password' });
  return <PasswordChecklist password={password} />;
}
