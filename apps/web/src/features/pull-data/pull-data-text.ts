import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

/** A moment as the console shows it: dayjs 'lll' (e.g. "Mar 10, 2026 11:42 AM") in the user's language. */
export const formatMoment = (iso: string, language = getCurrentLanguage()) =>
  dayjs(iso).locale(language).format('lll');
