import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { FIELD_MESSAGES, SIGN_IN_LIMITS, type LoggedInUser, type LoginBody } from '@vayu/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setStoredUser } from '../../app/session-storage';
import { applyServerError } from '../../components/form/server-errors';
import { translateMessage } from '../../i18n/messages';
import type * as SignInCall from './api/sign-in';

/*
 * The sign-in form is the first screen most visits show, so it is built from
 * what every page loads anyway (React, Mantine's inputs, the translations): no
 * form library, no schema library and no server-state cache. The call itself
 * (with the endpoint's schemas) is loaded when the form is used.
 */

type SignInField = keyof LoginBody;
type SignInValues = Record<SignInField, string>;
type SignInErrors = Partial<Record<SignInField, string>>;

const FIELDS: readonly SignInField[] = ['userName', 'password'];

/**
 * The checks of the domain's `loginBodySchema`, without the schema library:
 * both fields are required (the user name after trimming) and have a maximum
 * length. Answers the body as the schema would (user name trimmed and in lower
 * case), or the message of each field that fails.
 */
export function checkSignIn(
  values: SignInValues,
  tooLong: (max: number) => string,
): { body: LoginBody; errors?: undefined } | { body?: undefined; errors: SignInErrors } {
  const userName = values.userName.trim().toLowerCase();
  const errors: SignInErrors = {};
  if (userName.length === 0) errors.userName = FIELD_MESSAGES.required;
  else if (userName.length > SIGN_IN_LIMITS.userName) errors.userName = tooLong(SIGN_IN_LIMITS.userName);
  if (values.password.length === 0) errors.password = FIELD_MESSAGES.required;
  else if (values.password.length > SIGN_IN_LIMITS.password)
    errors.password = tooLong(SIGN_IN_LIMITS.password);
  if (errors.userName !== undefined || errors.password !== undefined) return { errors };
  return { body: { userName, password: values.password } };
}

/** Loads the sign-in call (and the schemas it checks the answer with) once; a failed load is tried again. */
let signInModule: Promise<typeof SignInCall> | undefined;
export function loadSignIn() {
  signInModule ??= import('./api/sign-in').catch((error: unknown) => {
    signInModule = undefined;
    throw error;
  });
  return signInModule;
}

/** The page title of the sign-in page. */
export function useSignInTitle() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('auth.submit')} · ${t('common.appName')}`);
}

/** The card the sign-in page shows its form (or the signed-in notice) in. */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <Container size={440} py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" mt="xl">
        {children}
      </Paper>
    </Container>
  );
}

interface SignInFormProps {
  /** Called once the session has started and the user is stored; goes on into the console. */
  onSignedIn: (user: LoggedInUser) => Promise<void> | void;
  /** Called when the visitor starts using the form: a host may load what comes after signing in. */
  onStart?: () => void;
}

/**
 * E-mail and password. Checks both before sending (focus goes to the first
 * field that fails; after a first attempt, fields are checked as they change);
 * a refusal is worded by its error code above the form, or under the field
 * the server names.
 */
export function SignInForm({ onSignedIn, onStart }: SignInFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignInValues>({ userName: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);

  const tooLong = (max: number) => t('validation.maxLength', { count: max });
  const messageOf = (field: SignInField) => {
    const error = errors[field];
    return error === undefined ? undefined : translateMessage(t, error);
  };

  /** The visitor starts using the form: what signing in needs loads meanwhile. */
  const start = () => {
    void loadSignIn().catch(() => undefined);
    onStart?.();
  };

  const change = (field: SignInField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // As a form library does after the first submit: the fields are checked again on every change.
    if (isSubmitted) setErrors(checkSignIn(next, tooLong).errors ?? {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    const focusFirst = (failed: SignInErrors) => {
      const field = FIELDS.find((name) => failed[name] !== undefined);
      const input = field ? form.elements.namedItem(field) : null;
      if (input instanceof HTMLElement) input.focus();
    };
    setSubmitted(true);
    start();
    const checked = checkSignIn(values, tooLong);
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    let user: LoggedInUser;
    try {
      const { login } = await loadSignIn();
      user = await login(checked.body);
    } catch (error) {
      setSubmitting(false);
      // Wrong credentials, too many attempts, a disabled user or account: worded by the code, above the form.
      const onField: SignInErrors = {};
      const outcome = applyServerError<SignInValues>(
        error,
        (name, fieldError) => {
          onField[name as SignInField] = fieldError.message;
        },
        t,
        { fields: FIELDS },
      );
      setErrors(onField);
      // The inputs are enabled again once React has drawn them so; then the first one named takes the focus.
      setTimeout(() => focusFirst(onField));
      if (!outcome.isShownOnField) setFailure(outcome.message);
      return;
    }
    setStoredUser(user);
    // The form stays busy while the host goes on into the console.
    await onSignedIn(user);
  };

  const fieldProps = (field: SignInField) => {
    const message = messageOf(field);
    return {
      name: field,
      value: values[field],
      onChange: (event: { currentTarget: { value: string } }) => change(field, event.currentTarget.value),
      onFocus: start,
      disabled: isSubmitting,
      required: true,
      error: message,
      'aria-invalid': message ? true : undefined,
    };
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="login-title">
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
        <TextInput
          type="email"
          inputMode="email"
          label={t('auth.email')}
          autoComplete="username"
          {...fieldProps('userName')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          {...fieldProps('password')}
          // Mantine hides the show/hide toggle from keyboard and screen readers by default.
          visibilityToggleButtonProps={{ 'aria-label': t('common.showCharacters'), tabIndex: 0 }}
        />
        <Button type="submit" fullWidth loading={isSubmitting} loaderProps={{ 'aria-hidden': true }}>
          {t('auth.submit')}
        </Button>
      </Stack>
    </form>
  );
}
