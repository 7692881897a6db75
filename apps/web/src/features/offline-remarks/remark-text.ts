import { OFFLINE_REASONS, OFFLINE_REMARK_MESSAGES, type OfflineReason } from '@vayu/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { TFunction } from 'i18next';
import { getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

const REASON_KEYS = {
  'Power failure': 'powerFailure',
  'Analyser fault': 'analyserFault',
  'Communication failure': 'communicationFailure',
  'Scheduled maintenance': 'scheduledMaintenance',
  'Plant shutdown': 'plantShutdown',
  Other: 'other',
} as const satisfies Record<OfflineReason, string>;

/** A reason in the user's language. */
export const reasonLabel = (t: TFunction, reason: OfflineReason) =>
  t(`cameras.remarks.reasons.${REASON_KEYS[reason]}`);

export const reasonOptions = (t: TFunction) =>
  OFFLINE_REASONS.map((reason) => ({ value: reason, label: reasonLabel(t, reason) }));

/** The remark schema's English rule texts in the user's language; others stay as they are. */
export function remarkMessage(t: TFunction, message: string): string {
  switch (message) {
    case OFFLINE_REMARK_MESSAGES.remarkRequired:
      return t('cameras.remarks.messages.remarkRequired');
    case OFFLINE_REMARK_MESSAGES.restorationPast:
      return t('cameras.remarks.messages.restorationPast');
    case OFFLINE_REMARK_MESSAGES.restorationTooLate:
      return t('cameras.remarks.messages.restorationTooLate');
    default:
      return message;
  }
}

/** A moment as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export const formatMoment = (iso: string, language = getCurrentLanguage()) =>
  dayjs(iso).locale(language).format('lll');

/** A calendar date (`YYYY-MM-DD`) as 'll' (e.g. "Mar 12, 2026"). */
export const formatDay = (date: string, language = getCurrentLanguage()) =>
  dayjs(date).locale(language).format('ll');
