import {
  ADDON_ORDER,
  DATE_RANGE_MESSAGE,
  FIELD_MESSAGES,
  type AddonUnit,
  type BillingPeriod,
  type Language,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { getCurrentLanguage } from '../../i18n';
import type { en } from '../../i18n/locales/en';

const DATE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** A calendar date (YYYY-MM-DD, an IST day as the API counts it) as the console shows it: "27 Nov 2026". */
export function formatDay(date: string | null, language: Language = getCurrentLanguage()): string {
  if (!date) return '—';
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    day,
  );
}

/** A moment (ISO 8601) as the console shows it, in India's time. */
export function formatMoment(iso: string | null, language: Language = getCurrentLanguage()): string {
  if (!iso) return '—';
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(moment);
}

/** A period as the stretch it covers: "1 Nov 2026 – 30 Nov 2026". */
export const formatPeriod = (start: string | null, end: string | null) =>
  `${formatDay(start)} – ${formatDay(end)}`;

/** Things of an add-on unit in the spec's order: Parameter, Camera, User, RC. */
export function byAddonOrder<T extends { addOnUnit: AddonUnit } | { unit: AddonUnit }>(
  items: readonly T[],
): T[] {
  const unitOf = (item: T) => ('addOnUnit' in item ? item.addOnUnit : item.unit);
  return [...items].sort((a, b) => ADDON_ORDER[unitOf(a)] - ADDON_ORDER[unitOf(b)]);
}

/** "per month", "per quarter", "per year". */
export const periodPriceKey = (period: BillingPeriod) => `billing.periods.per.${period}` as const;

/** Paise in the form as rupees (two decimals at most), and back. */
export const paiseToRupees = (paise: number): number => paise / 100;
export function rupeesToPaise(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 100);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Math.round(Number(value) * 100);
  }
  return value;
}

/**
 * The billing schemas' English rule texts in the user's language; a message
 * not listed here is shown as it came.
 */
export function billingMessage(t: TFunction, message: string): string {
  const key = BILLING_RULE_KEYS[message];
  if (key) return t(key);
  const longest = /^Must be at most (\d+) characters$/.exec(message);
  if (longest) return t('billing.messages.maxLength', { max: Number(longest[1]) });
  return message;
}

type RuleKey =
  | `billing.messages.${Exclude<keyof (typeof en)['billing']['messages'], 'maxLength'>}`
  | 'validation.required'
  | 'validation.number';
const BILLING_RULE_KEYS: Readonly<Record<string, RuleKey>> = {
  [FIELD_MESSAGES.required]: 'validation.required',
  [FIELD_MESSAGES.number]: 'validation.number',
  'Enter a plan code': 'billing.messages.planCode',
  'Use 2 to 30 letters, digits, - or _': 'billing.messages.planCodePattern',
  'Enter a coupon code': 'billing.messages.couponCode',
  'Use 3 to 30 letters, digits, - or _': 'billing.messages.couponCodePattern',
  'Choose a unit from the list': 'billing.messages.unit',
  'Choose a period from the list': 'billing.messages.period',
  'Each add-on once': 'billing.messages.addonOnce',
  'The suggested number cannot be below the minimum': 'billing.messages.suggestedBelowMinimum',
  'The price cannot be negative': 'billing.messages.priceNegative',
  'The price is too large': 'billing.messages.priceTooLarge',
  'Enter whole paise': 'billing.messages.priceTooLarge',
  'Enter a whole number': 'billing.messages.wholeNumber',
  'Choose how it was paid': 'billing.messages.method',
  'Enter the transfer reference or cheque number': 'billing.messages.reference',
  'Use letters, digits, spaces, / and -': 'billing.messages.referencePattern',
  'Use the format YYYY-MM-DD': 'billing.messages.date',
  [DATE_RANGE_MESSAGE]: 'billing.messages.dateRange',
  'Choose percent or fixed': 'billing.messages.kind',
  'Enter a value above 0': 'billing.messages.valueAboveZero',
  'A percentage is at most 100 % (10000)': 'billing.messages.percentMax',
  'The amount is too large': 'billing.messages.priceTooLarge',
  'The end is before the start': 'billing.messages.endBeforeStart',
  'Choose an action from the list': 'billing.messages.action',
  'Choose approve or reject': 'billing.messages.decision',
};
