import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDataAge, FreshnessBadge } from '../../components/freshness-badge';
import { useMonitored } from './api/get-monitored';

/** An industry's freshness as a badge (nothing while it loads or when it could not be read). */
export function IndustryFreshness({ tenantId }: { tenantId: number }) {
  const monitored = useMonitored(tenantId);
  if (!monitored.data) return null;
  return <FreshnessBadge freshness={monitored.data.freshness} lastDataAt={monitored.data.lastDataAt} />;
}

/**
 * A monitoring point's freshness and when its devices last sent data, from
 * the industry's monitored answer (asked once for every point of the list).
 */
export function MonitoringPointFreshness({ tenantId, entityId }: { tenantId: number; entityId: number }) {
  const { t } = useTranslation();
  const monitored = useMonitored(tenantId);
  if (monitored.isPending) return <Skeleton height={14} width={80} />;
  const point = monitored.data?.points.find((item) => item.entityId === entityId);
  if (!point) return t('common.notSet');
  return (
    <Stack gap={2} align="flex-start">
      <FreshnessBadge freshness={point.freshness} lastDataAt={point.lastDataAt} size="sm" />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {point.lastDataAt ? formatDataAge(point.lastDataAt) : t('readings.freshness.noData')}
      </Text>
    </Stack>
  );
}
