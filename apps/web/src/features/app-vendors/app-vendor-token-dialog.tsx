import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface IssuedAppToken {
  token: string;
  appName: string;
}

export interface AppVendorTokenDialogProps {
  /** The token just issued and whose it is; null: closed. The token lives in this dialog only. */
  issued: IssuedAppToken | null;
  onClose: () => void;
}

/**
 * The one time an app's token is shown: with a copy button and the warning
 * that it will not be shown again. It closes only by its own button, so that
 * a stray click outside does not lose the token.
 */
export function AppVendorTokenDialog({ issued, onClose }: AppVendorTokenDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title={t('appVendors.token.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {issued && (
        <Stack gap="md">
          <Alert color="orange" variant="light" title={t('appVendors.token.warningTitle')}>
            {t('appVendors.token.warning')}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="app-token-label">
              {t('appVendors.token.label', { name: issued.appName })}
            </Text>
            <Code block aria-labelledby="app-token-label" style={{ wordBreak: 'break-all' }}>
              {issued.token}
            </Code>
          </Stack>
          <Text size="xs" c="dimmed">
            {t('appVendors.token.usage')}
          </Text>
          <Group justify="space-between" gap="sm">
            <CopyButton value={issued.token}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('appVendors.token.copied') : t('appVendors.token.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {t('appVendors.token.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
