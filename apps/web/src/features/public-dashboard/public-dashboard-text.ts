import type { Language } from '@vayu/domain';
import { getCurrentLanguage } from '../../i18n';

const DATE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** A moment in India's time with its date: "27 Nov 2026, 10:45 pm". */
export function formatIstMoment(iso: string, language: Language = getCurrentLanguage()): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(moment);
}

/** The time of day in India: "22:45", for a chart's axis. */
export function formatIstClock(iso: string, language: Language = getCurrentLanguage()): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  }).format(moment);
}
