import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import type { UserSummary } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSetPrimaryUser } from './api/tenant-users';

interface TenantsPrimaryUserDialogProps {
  opened: boolean;
  tenantId: number;
  users: UserSummary[];
  onClose: () => void;
}

/** The change-primary-user modal; the server makes the chosen user admin and the others users. */
export function TenantsPrimaryUserDialog({
  opened,
  tenantId,
  users,
  onClose,
}: TenantsPrimaryUserDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tenants.primaryUserDialog.title')}
      centered
      closeButtonProps={{ 'aria-label': t('tenants.close') }}
    >
      {opened && <PrimaryUserForm tenantId={tenantId} users={users} onClose={onClose} />}
    </Modal>
  );
}

function PrimaryUserForm({ tenantId, users, onClose }: Omit<TenantsPrimaryUserDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(null);
  const setPrimary = useSetPrimaryUser(tenantId);
  const candidates = users.filter((user) => !user.isPrimary && user.status === 'ENABLED');

  const submit = () => {
    if (userId === null) return;
    setPrimary.mutate(Number(userId), {
      onSuccess: () => {
        notifySuccess(t('tenants.primaryUserDialog.success'));
        onClose();
      },
      onError: (error) => notifyFailure(getErrorMessage(t, error)),
    });
  };

  return (
    <Stack gap="md">
      {candidates.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('tenants.primaryUserDialog.noCandidates')}
        </Alert>
      ) : (
        <Select
          label={t('tenants.primaryUserDialog.user')}
          placeholder={t('tenants.primaryUserDialog.placeholder')}
          data={candidates.map((user) => ({
            value: String(user.id),
            label: `${user.name} (${user.userName})`,
          }))}
          value={userId}
          onChange={setUserId}
          searchable
          required
          data-autofocus
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={setPrimary.isPending}>
          {t('tenants.cancel')}
        </Button>
        <Button onClick={submit} loading={setPrimary.isPending} disabled={userId === null}>
          {t('tenants.primaryUserDialog.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
