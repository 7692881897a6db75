import {
  APP_ID_MAX_LENGTH,
  APP_ID_MIN_LENGTH,
  APP_NAME_MAX_LENGTH,
  APP_NAME_MIN_LENGTH,
  APP_TENANTS_PER_REQUEST,
  APP_VENDOR_MESSAGES,
  FIELD_MESSAGES,
} from '@vayu/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { TFunction } from 'i18next';
import { getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

/** A moment as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export function formatMoment(iso: string): string {
  return dayjs(iso).locale(getCurrentLanguage()).format('lll');
}

/** The push-data app schema's English rule texts in the user's language; others stay as they are. */
export function appVendorMessage(t: TFunction, message: string): string {
  switch (message) {
    case FIELD_MESSAGES.required:
      return t('errors.fields.FIELD_REQUIRED');
    case APP_VENDOR_MESSAGES.appIdPattern:
      return t('appVendors.messages.appIdPattern');
    case APP_VENDOR_MESSAGES.appIdLength:
      return t('appVendors.messages.appIdLength', { min: APP_ID_MIN_LENGTH, max: APP_ID_MAX_LENGTH });
    case APP_VENDOR_MESSAGES.appNameLength:
      return t('appVendors.messages.appNameLength', { min: APP_NAME_MIN_LENGTH, max: APP_NAME_MAX_LENGTH });
    case APP_VENDOR_MESSAGES.tenantsRequired:
      return t('appVendors.tenants.messages.required');
    case APP_VENDOR_MESSAGES.tenantsTooMany:
      return t('appVendors.tenants.messages.tooMany', { max: APP_TENANTS_PER_REQUEST });
    default:
      return message;
  }
}
