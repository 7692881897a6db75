import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import type { DataFreshness } from '@vayu/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n';
import { isConnected } from './regulator-text';

const FRESHNESS_COLORS: Record<DataFreshness, string> = { LIVE: 'green', DELAYED: 'orange', OFFLINE: 'red' };

/** Industries counted LIVE / DELAYED / OFFLINE, as three badges read as one sentence. */
export function FreshnessCounts({ counts }: { counts: { live: number; delayed: number; offline: number } }) {
  const { t } = useTranslation();
  const entries: [DataFreshness, number][] = [
    ['LIVE', counts.live],
    ['DELAYED', counts.delayed],
    ['OFFLINE', counts.offline],
  ];
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="group"
      aria-label={t('regulators.counts.label', {
        live: formatNumber(counts.live),
        delayed: formatNumber(counts.delayed),
        offline: formatNumber(counts.offline),
      })}
    >
      {entries.map(([freshness, count]) => (
        <Badge
          key={freshness}
          color={FRESHNESS_COLORS[freshness]}
          variant="light"
          aria-hidden
          data-freshness={freshness}
        >
          {t(`readings.freshness.${freshness}`)} {formatNumber(count)}
        </Badge>
      ))}
    </Group>
  );
}

/** The spec's key status, in its own words: 'not Yet' until the board took a first slot, then 'connected'. */
export function KeyStatusBadge({ keyStatus }: { keyStatus: string }) {
  const { t } = useTranslation();
  const connected = isConnected(keyStatus);
  return (
    <Badge color={connected ? 'green' : 'gray'} variant="light" tt="none">
      {connected ? t('regulators.keyStatus.connected') : t('regulators.keyStatus.notYet')}
    </Badge>
  );
}

/** Whether slots are pushed: On or Off. */
export function PushBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={enabled ? 'blue' : 'gray'} variant="light" tt="none">
      {enabled ? t('regulators.pushOn') : t('regulators.pushOff')}
    </Badge>
  );
}

/** A record's details as a description list, in columns that wrap on narrow screens. */
export function DetailsList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label} style={{ minWidth: 0 }}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
