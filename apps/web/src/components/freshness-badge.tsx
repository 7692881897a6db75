import { Badge, Tooltip, type BadgeProps } from '@mantine/core';
import type { DataFreshness } from '@vayu/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '../i18n';

dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/** A data time as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export function formatDataTime(iso: string, language = getCurrentLanguage()): string {
  return dayjs(iso).locale(language).format('lll');
}

/** How long ago data came, e.g. "3 hours ago". */
export function formatDataAge(iso: string, language = getCurrentLanguage(), now = Date.now()): string {
  return dayjs(iso).locale(language).from(now);
}

/** "Last data 3 hours ago (Mar 10, 2026 11:42 AM)", or "No data yet". */
export function describeLastData(t: TFunction, lastDataAt: string | null, now = Date.now()): string {
  if (!lastDataAt) return t('readings.freshness.noData');
  return t('readings.freshness.lastData', {
    ago: formatDataAge(lastDataAt, undefined, now),
    time: formatDataTime(lastDataAt),
  });
}

const FRESHNESS_COLORS: Record<DataFreshness, string> = {
  LIVE: 'green',
  DELAYED: 'orange',
  OFFLINE: 'red',
};

export interface FreshnessBadgeProps {
  /** As the server worked it out from the last data time (the rule is the domain's `getDataFreshness`). */
  freshness: DataFreshness;
  lastDataAt: string | null;
  size?: BadgeProps['size'];
}

/**
 * LIVE, DELAYED or OFFLINE, with when data last came in its tooltip and its
 * accessible name. Something that never sent data is grey rather than red:
 * nothing has stopped, nothing has started.
 */
export function FreshnessBadge({ freshness, lastDataAt, size = 'md' }: FreshnessBadgeProps) {
  const { t } = useTranslation();
  const status = t(`readings.freshness.${freshness}`);
  const detail = describeLastData(t, lastDataAt);
  const color = freshness === 'OFFLINE' && lastDataAt === null ? 'gray' : FRESHNESS_COLORS[freshness];
  return (
    <Tooltip label={detail} events={{ hover: true, focus: true, touch: true }} withinPortal>
      {/* Drawn whole in a narrow cell: the theme's Badge never shrinks to an ellipsis. */}
      <Badge
        color={color}
        variant="light"
        size={size}
        role="img"
        aria-label={t('readings.freshness.label', { status, detail })}
        data-freshness={freshness}
        style={{ flexShrink: 0 }}
      >
        {status}
      </Badge>
    </Tooltip>
  );
}
