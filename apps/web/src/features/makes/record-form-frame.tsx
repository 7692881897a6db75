import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from '../../components/form';

interface RecordFormFrameProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save was refused as stale: offer to reload the stored record. */
  conflict: boolean;
  onReload: () => void;
  reloading: boolean;
  saving: boolean;
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the make and model type dialogs: the stale-version alert, the fields, Cancel and save. */
export function RecordFormFrame({
  onSubmit,
  conflict,
  onReload,
  reloading,
  saving,
  submitLabel,
  onClose,
  children,
}: RecordFormFrameProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('devices.conflictTitle')}
            message={t('devices.conflict')}
            reloadLabel={t('devices.reload')}
            onReload={onReload}
            reloading={reloading}
          />
        )}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('devices.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
