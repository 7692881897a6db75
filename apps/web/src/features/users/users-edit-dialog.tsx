import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { updateUserBodySchema, type UserSummary } from '@vayu/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, StaleVersionAlert } from '../../components/form';
import { getAccountUsers } from './api/get-account-users';
import { useUpdateUser, type UpdateUserInput } from './api/update-user';
import { userKeys } from './api/user-keys';
import { UserFormFields } from './user-form-fields';

export interface UserEditDialogProps {
  opened: boolean;
  user: UserSummary;
  onClose: () => void;
  onSaved?: () => void;
}

type EditForm = { name: string; email: string; phone: string; version: number };
const FORM_FIELDS = ['name', 'email', 'phone'] as const;

function toForm(user: UserSummary): EditForm {
  // The phone field shows the stored number (919876543210) as +91 and the ten digits.
  return { name: user.name, email: user.userName, phone: user.phone ?? '', version: user.version };
}

/**
 * The edit-user modal: name, e-mail and phone only (the role changes through
 * the primary-user call). The version it started from goes with the save, so a
 * newer change by someone else answers 409 and the form offers to reload.
 */
export function UserEditDialog({ opened, user, onClose, onSaved }: UserEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('people.userForm.editTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {/* Mounted afresh on every opening, so the form starts from the row it was opened for. */}
      <EditUserForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function EditUserForm({ user, onClose, onSaved }: Omit<UserEditDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const [reloadError, setReloadError] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<EditForm>({
    // Sent as typed (raw): the server trims, lower-cases the e-mail and prefixes the phone.
    resolver: zodResolver(updateUserBodySchema, undefined, { raw: true }) as unknown as Resolver<EditForm>,
    defaultValues: toForm(user),
    mode: 'onTouched',
  });

  const reload = async () => {
    setIsReloading(true);
    setReloadError(false);
    try {
      const users = await getAccountUsers(user.accountId);
      const latest = users.find((item) => item.id === user.id);
      if (!latest) throw new Error('User not found');
      reset(toForm(latest));
      setConflict(false);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    } catch {
      setReloadError(true);
    } finally {
      setIsReloading(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setConflict(false);
    const body: UpdateUserInput = values;
    try {
      await updateUser.mutateAsync({ id: user.id, body });
    } catch (error) {
      if (hasErrorCode(error, 'STALE_VERSION')) {
        setConflict(true);
        return;
      }
      const outcome = applyServerError(error, setError, t, {
        fields: FORM_FIELDS,
        codeFields: { EMAIL_EXISTS: 'email' },
      });
      // A taken e-mail says all there is to say under the field.
      if (outcome.code !== 'EMAIL_EXISTS') notifyFailure(t('people.userForm.updateError'));
      return;
    }
    notifySuccess(t('people.userForm.updated'));
    onSaved?.();
    onClose();
  });

  const isPending = updateUser.isPending || isReloading;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('people.userForm.conflictTitle')}
            message={t('people.userForm.conflict')}
            reloadLabel={t('people.userForm.reload')}
            onReload={() => void reload()}
            reloading={isReloading}
          />
        )}
        {reloadError && (
          <Alert color="red" variant="light" role="alert">
            {t('people.userForm.reloadError')}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('people.userForm.roleNote', { role: t(`roles.${user.role}`), account: user.accountName })}
        </Text>
        <UserFormFields<EditForm> control={control} disabled={isPending} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={updateUser.isPending}>
            {t('people.userForm.cancel')}
          </Button>
          <Button type="submit" loading={updateUser.isPending} disabled={isReloading}>
            {t('people.userForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
