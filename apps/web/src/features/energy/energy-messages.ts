import {
  ENERGY_LABEL_NEEDS_TEXT_MESSAGE,
  ENERGY_METRICS_REQUIRED_MESSAGE,
  METRIC_KEY_MESSAGE,
} from '@vayu/domain';
import type { ParseKeys, TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';

/** Messages of the energy forms' own schemas (run in the browser) and their translations. */
const SCHEMA_MESSAGES = new Map<string, ParseKeys>([
  [METRIC_KEY_MESSAGE, 'energy.messages.metricKey'],
  [ENERGY_LABEL_NEEDS_TEXT_MESSAGE, 'energy.messages.labelNeedsText'],
  [ENERGY_METRICS_REQUIRED_MESSAGE, 'energy.messages.metricsRequired'],
]);

/**
 * A field's message in the user's language: the forms' schema messages and
 * the common ones; a message already worded (from a server code) is shown as it is.
 */
export function translateEnergyMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = SCHEMA_MESSAGES.get(message);
  return key ? t(key) : translateMessage(t, message);
}
