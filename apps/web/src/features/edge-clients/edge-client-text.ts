import { EDGE_CLIENT_MESSAGES, EDGE_KEY_ALLOWED_MAX, FIELD_MESSAGES } from '@vayu/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { TFunction } from 'i18next';
import { getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

/** The edge client schemas' English rule texts in the user's language; others stay as they are. */
export function edgeClientMessage(t: TFunction, message: string): string {
  switch (message) {
    case EDGE_CLIENT_MESSAGES.keyAllowedRange:
      return t('edgeClients.messages.keyAllowedRange', { max: EDGE_KEY_ALLOWED_MAX });
    case EDGE_CLIENT_MESSAGES.industry:
      return t('edgeClients.messages.industry');
    case FIELD_MESSAGES.required:
      return t('validation.required');
    case FIELD_MESSAGES.email:
      return t('validation.email');
    case FIELD_MESSAGES.number:
      return t('validation.number');
    default:
      return message;
  }
}

/** A moment as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export const formatMoment = (iso: string, language = getCurrentLanguage()) =>
  dayjs(iso).locale(language).format('lll');
