import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { TFunction } from 'i18next';
import { formatNumber, getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

/** A moment as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export function formatMoment(iso: string, language = getCurrentLanguage()): string {
  return dayjs(iso).locale(language).format('lll');
}

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'text/csv': 'CSV',
  'text/plain': 'TXT',
};

/** "PDF", "PNG", "JPEG": the format's own name, the same in every language. */
export const contentTypeLabel = (contentType: string) =>
  TYPE_LABELS[contentType.split(';')[0]!.trim()] ?? contentType;

/** "240 KB", "2.4 MB". */
export function formatFileSize(t: TFunction, bytes: number): string {
  if (bytes < 1024 * 1024) {
    return t('deviceRecords.documents.sizeKb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) });
  }
  return t('deviceRecords.documents.sizeMb', {
    size: formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10),
  });
}

/** "2026-03-10T11:42" for a datetime-local input, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as an ISO moment with its offset ('' stays ''). */
export function fromLocalInput(value: string): string {
  if (value.trim() === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
