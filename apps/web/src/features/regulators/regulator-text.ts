import {
  FIELD_MESSAGES,
  KEY_STATUS_CONNECTED,
  REGULATOR_MESSAGES,
  type BoardProtocolId,
  type PushSlotState,
} from '@vayu/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { formatDataTime } from '../../components/freshness-badge';
import { formatNumber, getCurrentLanguage } from '../../i18n';

dayjs.extend(localizedFormat);

/** The board URLs of this area: the boards list, a board, an industry at a board. */
export const REGULATORS_PATH = '/regulator';
export const boardPath = (statId: number) => `/viewRegulator/${statId}`;
export const industryPath = (statId: number, regulatorTenantId: number) =>
  `/viewRegulator/${statId}/industry/${regulatorTenantId}`;

/** A positive whole id of an address (`/viewRegulator/{statId}`), or null when it is not one. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** A moment as the console shows it (e.g. "Mar 10, 2026 11:42 AM"), or "—". */
export function formatMoment(t: TFunction, iso: string | null | undefined): string {
  return iso ? formatDataTime(iso) : t('common.notSet');
}

/** A slot's start as a time of day (e.g. "11:45 AM"). */
export function formatSlotTime(iso: string): string {
  return dayjs(iso).locale(getCurrentLanguage()).format('LT');
}

/** A compliance day (`YYYY-MM-DD`) as the console writes dates (e.g. "Mar 10, 2026"). */
export function formatDay(day: string): string {
  return dayjs(day).locale(getCurrentLanguage()).format('ll');
}

/** A share (0 to 1) as a whole percentage, e.g. "92 %". */
export function formatShare(share: number): string {
  return `${formatNumber(Math.round(share * 100))} %`;
}

export const protocolLabel = (t: TFunction, protocol: BoardProtocolId) =>
  t(`regulators.protocols.${protocol}`);

export const isConnected = (keyStatus: string | null) => keyStatus === KEY_STATUS_CONNECTED;

/** Colours of a slot's state: delivered green, refused red, pending yellow, no data grey, expired dark. */
export const SLOT_COLORS: Record<PushSlotState, string> = {
  delivered: 'var(--mantine-color-green-6)',
  refused: 'var(--mantine-color-red-7)',
  pending: 'var(--mantine-color-yellow-5)',
  no_data: 'var(--mantine-color-gray-4)',
  expired: 'var(--mantine-color-dark-4)',
};

/** The regulator schemas' English rule texts (checked in the browser) in the user's language. */
export function regulatorMessage(t: TFunction, message: string): string {
  switch (message) {
    case FIELD_MESSAGES.required:
      return t('validation.required');
    case FIELD_MESSAGES.number:
      return t('validation.number');
    case REGULATOR_MESSAGES.parameterExcluded:
      return t('regulators.messages.parameterExcluded');
    case REGULATOR_MESSAGES.statutoryState:
      return t('regulators.messages.statutoryState');
    case 'Choose a state from the list':
      return t('regulators.messages.state');
    case 'Enter the board server as an http(s) address':
      return t('regulators.messages.baseUrl');
    case 'Use 1,000 to 120,000 ms':
      return t('regulators.messages.timeout');
    case 'The authorization key must be 8 to 512 characters':
      return t('regulators.messages.keyLength');
    case 'The authorization key cannot contain spaces':
      return t('regulators.messages.keySpaces');
    default: {
      const longest = /^Must be at most (\d+) characters$/.exec(message);
      return longest ? t('validation.maxLength', { count: Number(longest[1]) }) : message;
    }
  }
}

function translateErrors(errors: FieldErrors, translate: (message: string) => string) {
  for (const error of Object.values(errors)) {
    if (!error || typeof error !== 'object') continue;
    const field = error as FieldError & Record<string, unknown>;
    if (typeof field.message === 'string') field.message = translate(field.message);
    // A nested group (`config.baseUrl`): its own fields' errors.
    if (!('type' in field)) translateErrors(field as unknown as FieldErrors, translate);
  }
}

/**
 * A resolver whose messages are put in the user's language (the shared
 * schemas word their rules in English), nested groups included, after
 * `prepare` has turned the form's values into what the schema reads.
 */
export function translatedResolver<F extends FieldValues, T>(
  resolver: Resolver<F, unknown, T>,
  translate: (message: string) => string,
  prepare: (values: F) => F = (values) => values,
): Resolver<F, unknown, T> {
  return async (values, context, options) => {
    const result = await resolver(prepare(values), context, options);
    translateErrors(result.errors as FieldErrors, translate);
    return result;
  };
}
