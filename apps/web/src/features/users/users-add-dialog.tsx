import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { createUserBodySchema, ROLES, type CreateUserInput, type Role, type UserSummary } from '@vayu/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { dialogs } from '../../components/dialogs';
import { applyServerErrorVisibly } from '../../components/form/unshown-field-errors';
import { AccountSelect, type AccountOption } from '../accounts';
import { useCreateUser } from './api/create-user';
import { UserFormFields } from './user-form-fields';

export interface UserAddDialogProps {
  opened: boolean;
  /** The account the user joins; 0 lets the person choose one. */
  accountId: number;
  /** Adds the account's primary user, who is always an admin. */
  primary?: boolean;
  onClose: () => void;
  onCreated?: (user: UserSummary) => void;
}

const EMPTY_FORM: CreateUserInput = { name: '', email: '', phone: '', role: 'user' };
const FORM_FIELDS = ['name', 'email', 'phone', 'role'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const FIELD_LABEL_KEYS = {
  name: 'people.userForm.name',
  email: 'people.userForm.email',
  phone: 'people.userForm.phone',
  role: 'people.userForm.role',
} as const satisfies Record<FormField, string>;

/** Accounts other than site and partner ones see only their own account, so there is nothing to choose. */
function useOwnAccountId(): number | null {
  const user = useSessionUser();
  if (!user || user.userType === 'site' || user.userType === 'partner') return null;
  return user.account.id;
}

/**
 * The 'Add New User' modal (spec §2, §5, §8). The server enforces the user
 * limit: USER_LIMIT_EXHAUSTED shows the spec's confirm text and nothing is
 * created; EMAIL_EXISTS is shown under the e-mail.
 */
export function UserAddDialog({
  opened,
  accountId,
  primary = false,
  onClose,
  onCreated,
}: UserAddDialogProps) {
  const { t } = useTranslation();
  const ownAccountId = useOwnAccountId();
  const fixedAccountId = accountId > 0 ? accountId : ownAccountId;
  const [chosenAccount, setChosenAccount] = useState<AccountOption | null>(null);
  const [accountError, setAccountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const createUser = useCreateUser();
  const form = useForm<CreateUserInput, unknown, CreateUserInput>({
    // Sent as typed: the server trims, lower-cases the e-mail and prefixes the phone with 91.
    resolver: zodResolver(createUserBodySchema, undefined, { raw: true }),
    defaultValues: { ...EMPTY_FORM, role: primary ? 'admin' : 'user' },
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset } = form;

  const close = () => {
    reset({ ...EMPTY_FORM, role: primary ? 'admin' : 'user' });
    setChosenAccount(null);
    setAccountError(undefined);
    setFormError(null);
    createUser.reset();
    onClose();
  };

  const targetAccountId = fixedAccountId ?? chosenAccount?.id ?? null;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (targetAccountId === null) {
      setAccountError(t('validation.required'));
      return;
    }
    const body: CreateUserInput = { ...values, role: primary ? 'admin' : (values.role ?? 'user') };
    let created: UserSummary;
    try {
      created = await createUser.mutateAsync({ accountId: targetAccountId, primary, body });
    } catch (error) {
      await showFailure(error);
      return;
    }
    notifySuccess(primary ? t('people.userForm.primaryCreated') : t('people.userForm.created'));
    onCreated?.(created);
    close();
  });

  const showFailure = async (error: unknown) => {
    if (hasErrorCode(error, 'USER_LIMIT_EXHAUSTED')) {
      await dialogs.confirm({
        title: t('people.userForm.userLimitTitle'),
        message: getErrorMessage(t, error),
        confirmLabel: t('dialogs.ok'),
      });
      return;
    }
    const outcome = applyServerErrorVisibly(error, form, t, {
      fields: FORM_FIELDS,
      codeFields: { EMAIL_EXISTS: 'email' },
      labelOf: (path) => (path in FIELD_LABEL_KEYS ? t(FIELD_LABEL_KEYS[path as FormField]) : undefined),
    });
    // Shown on its fields, or said in the alert, naming any value the form cannot mark.
    if (outcome.isShownOnField && outcome.unshown.length === 0) return;
    setFormError(outcome.message);
    notifyFailure(outcome.message);
  };

  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const isPending = createUser.isPending;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={primary ? t('people.userForm.addPrimaryTitle') : t('people.userForm.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {fixedAccountId === null && (
            <AccountSelect
              label={t('people.userForm.account')}
              value={chosenAccount?.id ?? null}
              onChange={(account) => {
                setChosenAccount(account);
                setAccountError(undefined);
              }}
              error={accountError}
              required
              disabled={isPending}
              data-autofocus
            />
          )}
          <UserFormFields<CreateUserInput>
            control={control}
            disabled={isPending}
            autoFocusName={fixedAccountId !== null}
          />
          {primary ? (
            <Text size="sm" c="dimmed">
              {t('people.userForm.primaryNote')}
            </Text>
          ) : (
            <Controller
              control={control}
              name="role"
              render={({ field, fieldState }) => (
                <Select
                  label={t('people.userForm.role')}
                  data={roleOptions}
                  value={field.value ?? 'user'}
                  onChange={(value) => field.onChange((value ?? 'user') as Role)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  allowDeselect={false}
                  required
                  disabled={isPending}
                  error={fieldState.error?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isPending}>
              {t('people.userForm.cancel')}
            </Button>
            <Button type="submit" loading={isPending}>
              {t('people.userForm.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
