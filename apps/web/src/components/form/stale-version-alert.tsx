import { Alert, Button, Stack, Text } from '@mantine/core';

export interface StaleVersionAlertProps {
  /** The heading, such as "Changed by someone else". */
  title: string;
  /** What happened and what reloading does. */
  message: string;
  /** The reload button's text. */
  reloadLabel: string;
  onReload: () => void;
  reloading: boolean;
}

/**
 * Shown above a form whose save was refused with STALE_VERSION: the record
 * changed since the form was opened. Reloading puts the stored values in the
 * form; what the user typed stays until then.
 */
export function StaleVersionAlert({
  title,
  message,
  reloadLabel,
  onReload,
  reloading,
}: StaleVersionAlertProps) {
  return (
    <Alert color="orange" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onReload} loading={reloading}>
          {reloadLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
