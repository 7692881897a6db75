import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/** A moment as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export function formatAuditTime(iso: string, language = getCurrentLanguage()): string {
  return dayjs(iso).locale(language).format('lll');
}

/** How long ago, e.g. "3 hours ago". */
export function formatFromNow(iso: string, language = getCurrentLanguage()): string {
  return dayjs(iso).locale(language).fromNow();
}
