import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { changePasswordFormSchema, type ChangePasswordForm } from '@vayu/domain';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, PasswordField } from '../../components/form';
import { PasswordChecklist } from '../../components/password-checklist';
import { useUpdatePassword } from './api/update-password';

interface ProfileChangePasswordDialogProps {
  userId: number;
  opened: boolean;
  onClose: () => void;
}

const EMPTY_FORM: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/** The change-password modal of the profile page (spec §5 password policy, §8 messages). */
export function ProfileChangePasswordDialog({ userId, opened, onClose }: ProfileChangePasswordDialogProps) {
  const { t } = useTranslation();
  const updatePassword = useUpdatePassword(userId);
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY_FORM,
    mode: 'onTouched',
  });

  const close = () => {
    reset(EMPTY_FORM);
    updatePassword.reset();
    onClose();
  };

  const onSubmit = handleSubmit(({ currentPassword, password }) => {
    updatePassword.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          notifySuccess(t('changePassword.success'));
          close();
        },
        onError: (error) => {
          notifyFailure(t('changePassword.failure'));
          // A wrong current password, or a rule the server checked again, is shown under its field.
          applyServerError(error, setError, t, { fields: ['currentPassword', 'password'] });
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('changePassword.title')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            control={control}
            name="currentPassword"
            label={t('changePassword.currentPassword')}
            autoComplete="current-password"
            required
            data-autofocus
          />
          <PasswordField
            control={control}
            name="password"
            label={t('changePassword.newPassword')}
            autoComplete="new-password"
            required
          />
          <WatchedPasswordChecklist control={control} />
          <PasswordField
            control={control}
            name="confirmPassword"
            label={t('changePassword.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={updatePassword.isPending}>
              {t('changePassword.cancel')}
            </Button>
            <Button type="submit" loading={updatePassword.isPending}>
              {t('changePassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function WatchedPasswordChecklist({ control }: { control: Control<ChangePasswordForm> }) {
  const password = useWatch({ control, name: 'password' });
  return <PasswordChecklist password={password} />;
}
