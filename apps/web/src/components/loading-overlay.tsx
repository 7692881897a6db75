import { Group, Loader, Overlay, Paper, Text } from '@mantine/core';
import { LOADING_OVERLAY_DELAY_MS } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from './use-delayed-flag';

interface LoadingOverlayProps {
  /** Work is in progress. The overlay shows only when it lasts longer than 250 ms. */
  visible: boolean;
  delayMs?: number;
}

/** The blocking 'Loading ...' overlay (spec §9). */
export function LoadingOverlay({ visible, delayMs = LOADING_OVERLAY_DELAY_MS }: LoadingOverlayProps) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(visible, delayMs);
  if (!shown) return null;

  return (
    <Overlay fixed center zIndex={1000} backgroundOpacity={0.35} blur={1} data-testid="loading-overlay">
      <Paper role="status" aria-live="polite" shadow="md" radius="md" px="lg" py="md" withBorder>
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text fw={500}>{t('common.loading')}</Text>
        </Group>
      </Paper>
    </Overlay>
  );
}
