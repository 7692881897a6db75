import type { ComplianceDay, DataFreshness, FreshnessCounts } from '@vayu/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { formatNumber, getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

/** A share (0 to 1) as a whole percentage in the Indian grouping, e.g. "75". */
export const sharePercent = (share: number) => formatNumber(Math.round(share * 100));

/** A date (`YYYY-MM-DD`) as the console writes dates, e.g. "Mar 10, 2026". */
export const formatDate = (day: string) => dayjs(day).locale(getCurrentLanguage()).format('ll');

/** A day of the delivery chart, short: e.g. "10 Mar". */
export const formatChartDay = (day: string) => dayjs(day).locale(getCurrentLanguage()).format('D MMM');

export const FRESHNESS_ORDER: readonly DataFreshness[] = ['LIVE', 'DELAYED', 'OFFLINE'];

/** Colours of the freshness states, as the badges draw them. */
export const FRESHNESS_COLORS: Record<DataFreshness, string> = {
  LIVE: 'green.6',
  DELAYED: 'orange.6',
  OFFLINE: 'red.7',
};

export const countOf = (counts: FreshnessCounts, status: DataFreshness) =>
  status === 'LIVE' ? counts.live : status === 'DELAYED' ? counts.delayed : counts.offline;

/** The day's slots by what became of them, in the order the bars stack them. */
export const DELIVERY_STATES = ['delivered', 'refused', 'pending', 'noData', 'expired'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_COLORS: Record<DeliveryState, string> = {
  delivered: 'green.6',
  refused: 'red.7',
  pending: 'yellow.5',
  noData: 'gray.5',
  expired: 'dark.4',
};

export const deliveryCount = (day: ComplianceDay, state: DeliveryState) => day[state];
