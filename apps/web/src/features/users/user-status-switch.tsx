import { Switch } from '@mantine/core';
import type { UserSummary } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { dialogs } from '../../components/dialogs';
import { useChangeUserStatus } from './api/change-user-status';

/**
 * Enables or disables a user after a confirmation. The switch moves at once and
 * goes back when the person cancels or the call fails.
 */
export function UserStatusSwitch({ user, disabled }: { user: UserSummary; disabled?: boolean }) {
  const { t } = useTranslation();
  const changeStatus = useChangeUserStatus();
  const [pending, setPending] = useState<UserSummary['status'] | null>(null);
  const shown = pending ?? user.status;

  const toggle = async () => {
    const next = shown === 'ENABLED' ? 'DISABLED' : 'ENABLED';
    setPending(next);
    const confirmed = await dialogs.confirm({
      message:
        next === 'DISABLED'
          ? t('people.users.confirmDisable', { name: user.name })
          : t('people.users.confirmEnable', { name: user.name }),
      confirmLabel: next === 'DISABLED' ? t('people.users.disable') : t('people.users.enable'),
      destructive: next === 'DISABLED',
    });
    if (!confirmed) {
      setPending(null);
      return;
    }
    try {
      await changeStatus.mutateAsync({ id: user.id, status: next });
      notifySuccess(t('people.users.statusChanged'));
    } catch (error) {
      // Worded by its code (for example, one's own user cannot be disabled).
      notifyFailure(getErrorMessage(t, error), t('people.users.statusError'));
    } finally {
      setPending(null);
    }
  };

  return (
    <Switch
      checked={shown === 'ENABLED'}
      onChange={() => void toggle()}
      disabled={disabled || changeStatus.isPending}
      aria-label={t('people.users.statusToggle', { name: user.name })}
      label={t(`statuses.${shown}`)}
      size="sm"
    />
  );
}
