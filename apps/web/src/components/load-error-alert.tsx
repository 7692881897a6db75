import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../app/error-message';

export interface LoadErrorAlertProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** What could not be loaded, why, and a Retry button. */
export function LoadErrorAlert({ title, error, onRetry, retrying }: LoadErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{getErrorMessage(t, error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
