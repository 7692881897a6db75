import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from './stale-version-alert';

interface RecordFormFrameProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save was refused as stale: offer to reload the stored record (an add has no version: leave out). */
  conflict?: boolean;
  onReload?: () => void;
  reloading?: boolean;
  saving: boolean;
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of a record's add or edit dialog: the stale-version alert when a
 * save was refused as stale, the fields, then Cancel and the save button.
 */
export function RecordFormFrame({
  onSubmit,
  conflict = false,
  onReload,
  reloading = false,
  saving,
  submitLabel,
  onClose,
  children,
}: RecordFormFrameProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate autoComplete="off">
      <Stack gap="md">
        {conflict && onReload && (
          <StaleVersionAlert
            title={t('dialogs.conflictTitle')}
            message={t('dialogs.conflict')}
            reloadLabel={t('dialogs.reload')}
            onReload={onReload}
            reloading={reloading}
          />
        )}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
