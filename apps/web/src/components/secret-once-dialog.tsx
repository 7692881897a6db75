import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useId } from 'react';

export interface SecretOnceTexts {
  title: string;
  warningTitle: string;
  warning: string;
  /** What the secret is for ("Key of gateway@plant.example"). */
  label: string;
  usage: string;
  copy: string;
  copied: string;
  done: string;
}

export interface SecretOnceDialogProps {
  /** The secret just issued; null: closed. It lives in this dialog only. */
  secret: string | null;
  texts: SecretOnceTexts;
  onClose: () => void;
}

/**
 * The one time a secret (an edge client's key, an app's token) is shown: with
 * a copy button and the warning that it will not be shown again. It closes
 * only by its own button, so that a stray click outside does not lose it.
 */
export function SecretOnceDialog({ secret, texts, onClose }: SecretOnceDialogProps) {
  const labelId = useId();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={texts.title}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {secret !== null && (
        <Stack gap="md">
          <Alert color="orange" variant="light" title={texts.warningTitle}>
            {texts.warning}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={labelId}>
              {texts.label}
            </Text>
            <Code block aria-labelledby={labelId} style={{ wordBreak: 'break-all' }}>
              {secret}
            </Code>
          </Stack>
          <Text size="xs" c="dimmed">
            {texts.usage}
          </Text>
          <Group justify="space-between" gap="sm">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? texts.copied : texts.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {texts.done}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
