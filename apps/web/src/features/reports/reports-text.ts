import {
  DATE_RANGE_MESSAGE,
  FIELD_MESSAGES,
  IST_OFFSET_MS,
  REPORT_MAX_PARAMETERS,
  REPORT_MAX_RECIPIENTS,
  REPORT_MESSAGES,
  type Language,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { getCurrentLanguage } from '../../i18n';
import { translateMessage } from '../../i18n/messages';
import type { en } from '../../i18n/locales/en';

const DATE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The India date `days` from now, as YYYY-MM-DD (the API's calendar). */
export function indiaDay(days = 0, now = Date.now()): string {
  return new Date(now + IST_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** A calendar date as the console shows it: "20 Nov 2026". */
export function formatDay(date: string, language: Language = getCurrentLanguage()): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    day,
  );
}

/** A report's days: one day, or "20 Nov 2026 – 26 Nov 2026". */
export const formatPeriod = (from: string, to: string) =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;

/** A moment in India's time, as the console shows it. */
export function formatMoment(iso: string, language: Language = getCurrentLanguage()): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(moment);
}

type MessageKey = `reports.messages.${keyof (typeof en)['reports']['messages']}`;

const RULE_KEYS: Record<string, MessageKey> = {
  [REPORT_MESSAGES.toBeforeFrom]: 'reports.messages.toBeforeFrom',
  [REPORT_MESSAGES.toInFuture]: 'reports.messages.toInFuture',
  [REPORT_MESSAGES.rangeTooLong.MIN_15]: 'reports.messages.rangeTooLongMin15',
  [REPORT_MESSAGES.rangeTooLong.HOURLY]: 'reports.messages.rangeTooLongHourly',
  [REPORT_MESSAGES.rangeTooLong.DAILY]: 'reports.messages.rangeTooLongDaily',
  [REPORT_MESSAGES.unknownPoint]: 'reports.messages.unknownPoint',
  [REPORT_MESSAGES.unknownParameter]: 'reports.messages.unknownParameter',
  [REPORT_MESSAGES.duplicateParameter]: 'reports.messages.duplicateParameter',
  [REPORT_MESSAGES.pointGone]: 'reports.messages.pointGone',
  [REPORT_MESSAGES.serverError]: 'reports.messages.serverError',
  'Choose at least one parameter': 'reports.messages.parametersRequired',
  [`Choose at most ${REPORT_MAX_PARAMETERS} parameters`]: 'reports.messages.parametersTooMany',
  'Add at least one e-mail': 'reports.messages.recipientsRequired',
  [`At most ${REPORT_MAX_RECIPIENTS} e-mails`]: 'reports.messages.recipientsTooMany',
  [DATE_RANGE_MESSAGE]: 'reports.messages.dateRange',
  'Use the format YYYY-MM-DD': 'reports.messages.dateFormat',
  [FIELD_MESSAGES.email]: 'reports.messages.email',
};

/** A report rule's English text (from the domain's schemas or the API's field details) in the user's language. */
export function reportsMessage(t: TFunction, message: string): string {
  const key = RULE_KEYS[message];
  if (key) return t(key, { max: REPORT_MAX_PARAMETERS, recipients: REPORT_MAX_RECIPIENTS });
  return translateMessage(t, message);
}
