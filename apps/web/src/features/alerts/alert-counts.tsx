import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ALERT_TYPES } from '@vayu/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { formatNumber } from '../../i18n';
import { useAlertCount } from './api/get-alerts';

/**
 * An industry's alerts at a glance, asked again each minute: those still
 * open, those of the last 24 hours, and the last 24 hours' by type.
 */
export function AlertCounts({ tenantId, title }: { tenantId: number; title: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const counts = useAlertCount(tenantId);
  const { data } = counts;

  if (counts.isError && !data) {
    return (
      <LoadErrorAlert
        title={t('alerts.counts.loadError')}
        error={counts.error}
        onRetry={() => void counts.refetch()}
        retrying={counts.isFetching}
      />
    );
  }

  const cards: { key: string; label: string; value: number | undefined; isAlerting?: boolean }[] = [
    { key: 'open', label: t('alerts.counts.open'), value: data?.open, isAlerting: (data?.open ?? 0) > 0 },
    { key: 'last24h', label: t('alerts.counts.last24h'), value: data?.last24h },
    ...ALERT_TYPES.map((type) => ({
      key: type,
      label: t('alerts.counts.byType', { type: t(`alerts.types.${type}`) }),
      value: data?.byType[type],
    })),
  ];

  return (
    <section aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={500} mb={6}>
        {title}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-busy={counts.isPending}>
        {cards.map((card) => (
          <Paper key={card.key} withBorder radius="md" p="sm">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {card.label}
              </Text>
              {card.value === undefined ? (
                <Skeleton height={28} width={48} />
              ) : (
                <Text fz={24} fw={700} lh={1.2} c={card.isAlerting ? 'red' : undefined}>
                  {formatNumber(card.value)}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
