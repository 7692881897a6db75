import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { TFunction } from 'i18next';
import { formatNumber, getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

/** A moment as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export const formatMoment = (iso: string, language = getCurrentLanguage()) =>
  dayjs(iso).locale(language).format('lll');

/** A calendar date (`YYYY-MM-DD`) as 'll' (e.g. "Jan 15, 2026"). */
export const formatDay = (date: string, language = getCurrentLanguage()) =>
  dayjs(date).locale(language).format('ll');

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
};

/** "PDF", "XLSX": the format's own name, the same in every language. */
export const contentTypeLabel = (contentType: string) =>
  TYPE_LABELS[contentType.split(';')[0]!.trim()] ?? contentType;

/** "240 KB", "2.4 MB" (Indian digit grouping). */
export function formatFileSize(t: TFunction, bytes: number): string {
  if (bytes < 1024 * 1024) {
    return t('labCalibration.sizeKb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) });
  }
  return t('labCalibration.sizeMb', { size: formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10) });
}
