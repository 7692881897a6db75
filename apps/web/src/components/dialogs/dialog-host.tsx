import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closeDialog, useDialogEntries, type DialogEntry } from './dialog-service';

/** Renders the dialogs opened through `dialogs.*`. Mount once, inside MantineProvider. */
export function DialogHost() {
  const entries = useDialogEntries();
  return (
    <>
      {entries.map((entry, index) => (
        <ServiceDialog key={entry.id} entry={entry} zIndex={300 + index * 10} />
      ))}
    </>
  );
}

function ServiceDialog({ entry, zIndex }: { entry: DialogEntry; zIndex: number }) {
  const { t } = useTranslation();
  const { kind, options } = entry;
  const isWait = kind === 'wait';
  const cancel = () => closeDialog(entry.id, false);
  const accept = () => closeDialog(entry.id, true);

  const titles = {
    confirm: t('dialogs.confirmTitle'),
    error: t('dialogs.errorTitle'),
    notify: t('dialogs.notifyTitle'),
    wait: t('dialogs.waitTitle'),
  };
  const defaultMessages = {
    confirm: t('dialogs.defaultConfirm'),
    error: t('dialogs.defaultError'),
    notify: t('dialogs.defaultNotify'),
    wait: t('dialogs.defaultWait'),
  };
  const message = options.message ?? defaultMessages[kind];

  return (
    <Modal
      opened
      onClose={isWait ? () => undefined : cancel}
      title={options.title ?? titles[kind]}
      centered
      zIndex={zIndex}
      withCloseButton={!isWait}
      closeOnEscape={!isWait}
      closeOnClickOutside={!isWait}
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
      data-dialog-kind={kind}
    >
      {isWait ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text>{message}</Text>
        </Group>
      ) : (
        <Stack gap="lg">
          {typeof message === 'string' ? (
            <Text c={kind === 'error' ? 'red' : undefined}>{message}</Text>
          ) : (
            message
          )}
          <Group justify="flex-end" gap="sm">
            {kind === 'confirm' && (
              <Button variant="default" onClick={cancel}>
                {options.cancelLabel ?? t('dialogs.cancel')}
              </Button>
            )}
            <Button data-autofocus color={options.destructive ? 'red' : undefined} onClick={accept}>
              {kind === 'confirm' ? (options.confirmLabel ?? t('dialogs.confirm')) : t('dialogs.ok')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
