import { ALERT_MESSAGES, FIELD_MESSAGES, UNITS, type Alert, type TotalKind } from '@vayu/domain';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n';

const UNIT_LABELS = new Map<string, string>(UNITS.map((unit) => [unit.code, unit.label]));

/** How a unit code is written for people: "mg/Nm³" for mg/Nm3; a code the list lacks as it is. */
export function unitLabel(code: string | null): string {
  if (code === null) return '';
  return UNIT_LABELS.get(code) ?? code;
}

/** A value with its unit, e.g. "1,250.5 mg/Nm³" (Indian digit grouping, at most 3 decimals). */
export function formatAlertValue(value: number, unit: string | null): string {
  const text = formatNumber(value);
  return unit ? `${text} ${unitLabel(unit)}` : text;
}

/** Counts above this show as "99+" on the header's button (its label keeps the number). */
export const BADGE_MAX_SHOWN = 99;

export interface OpenAlertCount {
  total: number;
  totalKind: TotalKind;
}

/** Whether more open alerts are there than the header's button shows as a number. */
const isPastShown = (count: OpenAlertCount) => count.total > BADGE_MAX_SHOWN || count.totalKind === 'atLeast';

/** What the header's button shows beside the bell: nothing when no alert is open, "99+" past 99. */
export function badgeCountText(count: OpenAlertCount | undefined): string | null {
  if (!count || count.total <= 0) return null;
  return isPastShown(count) ? `${BADGE_MAX_SHOWN}+` : String(count.total);
}

/**
 * The header button's accessible name, which holds what the button shows:
 * "3 open alerts", "More than 99 open alerts", "Alerts: none open", or
 * "Alerts" while the count is not known.
 */
export function badgeLabel(t: TFunction, count: OpenAlertCount | undefined): string {
  if (!count) return t('alerts.badge.loading');
  if (count.total <= 0) return t('alerts.badge.none');
  if (isPastShown(count)) return t('alerts.badge.more', { total: formatNumber(BADGE_MAX_SHOWN) });
  return t('alerts.badge.open', { count: count.total, total: formatNumber(count.total) });
}

/** What an alert is about: "SO2 at Kiln Gas Analyser", or the device for a silent one. */
export function alertSubject(t: TFunction, alert: Pick<Alert, 'parameterLabel' | 'deviceName'>): string {
  return alert.parameterLabel
    ? t('alerts.subject.parameter', { parameter: alert.parameterLabel, device: alert.deviceName })
    : t('alerts.subject.device', { device: alert.deviceName });
}

type MessageKey = `alerts.messages.${keyof typeof MESSAGE_KEYS_BY_NAME}`;
const MESSAGE_KEYS_BY_NAME = {
  aboveStandard: ALERT_MESSAGES.aboveStandard,
  noStandard: ALERT_MESSAGES.noStandard,
  alreadyAcknowledged: ALERT_MESSAGES.alreadyAcknowledged,
  number: FIELD_MESSAGES.number,
  positive: ALERT_MESSAGES.limitPositive,
  tooLarge: ALERT_MESSAGES.limitTooLarge,
} as const;
const MESSAGE_KEYS: ReadonlyMap<string, MessageKey> = new Map(
  Object.entries(MESSAGE_KEYS_BY_NAME).map(([name, text]) => [text, `alerts.messages.${name}` as MessageKey]),
);

/**
 * A rule of the limit form, checked in the browser with the domain's schema,
 * in the user's language: the domain words them in English, so they are known
 * by that text; any other text is shown as it is. The server's refusals are
 * worded by their codes instead (`limitRefusal`).
 */
export function alertMessage(t: TFunction, message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? t(key) : message;
}

/**
 * How the server refused a limit, by the field error's code: a limit above
 * the standard breaks the rule (FIELD_RULE); an alert switched on with no
 * limit at all is missing one (FIELD_REQUIRED).
 */
export function limitRefusal(t: TFunction, code: string | undefined): string | null {
  if (code === 'FIELD_RULE') return t('alerts.messages.aboveStandard');
  if (code === 'FIELD_REQUIRED') return t('alerts.messages.noStandard');
  return null;
}
