import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface EdgeKeyIssuedDialogProps {
  /** The key just issued and whose it is; null: closed. The key lives in this dialog only. */
  issued: { token: string; emailId: string } | null;
  onClose: () => void;
}

/**
 * The one time a key is shown: with a copy button and the warning that it
 * will not be shown again. It closes only by its own button, so that a stray
 * click outside does not lose the key.
 */
export function EdgeKeyIssuedDialog({ issued, onClose }: EdgeKeyIssuedDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title={t('edgeClients.issued.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {issued && (
        <Stack gap="md">
          <Alert color="orange" variant="light" title={t('edgeClients.issued.warningTitle')}>
            {t('edgeClients.issued.warning')}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="edge-key-issued-label">
              {t('edgeClients.issued.label', { email: issued.emailId })}
            </Text>
            <Code block aria-labelledby="edge-key-issued-label" style={{ wordBreak: 'break-all' }}>
              {issued.token}
            </Code>
          </Stack>
          <Text size="xs" c="dimmed">
            {t('edgeClients.issued.usage')}
          </Text>
          <Group justify="space-between" gap="sm">
            <CopyButton value={issued.token}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('edgeClients.issued.copied') : t('edgeClients.issued.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {t('edgeClients.issued.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
