import {
  ENERGY_LABEL_NEEDS_TEXT_MESSAGE,
  ENERGY_METRICS_REQUIRED_MESSAGE,
  ENERGY_METRICS_UNKNOWN_MESSAGE,
  ENERGY_PARAMETER_EXISTS_MESSAGE,
  ENERGY_SOURCE_PARAMETER_MESSAGE,
  METRIC_EXISTS_MESSAGE,
  METRIC_KEY_MESSAGE,
} from '@vayu/domain';
import type { ParseKeys, TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';

/** The energy catalogue's rule messages (from the shared schemas or the API) and their translations. */
const ENERGY_MESSAGES = new Map<string, ParseKeys>([
  [METRIC_KEY_MESSAGE, 'energy.messages.metricKey'],
  [METRIC_EXISTS_MESSAGE, 'energy.messages.metricExists'],
  [ENERGY_PARAMETER_EXISTS_MESSAGE, 'energy.messages.parameterExists'],
  [ENERGY_LABEL_NEEDS_TEXT_MESSAGE, 'energy.messages.labelNeedsText'],
  [ENERGY_METRICS_REQUIRED_MESSAGE, 'energy.messages.metricsRequired'],
  [ENERGY_METRICS_UNKNOWN_MESSAGE, 'energy.messages.metricsUnknown'],
  [ENERGY_SOURCE_PARAMETER_MESSAGE, 'energy.messages.sourceParameter'],
]);

/** A field or server message in the user's language; anything unknown is shown as it came. */
export function translateEnergyMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = ENERGY_MESSAGES.get(message);
  return key ? t(key) : translateMessage(t, message);
}

/** The server's 400 field details with a path among `fields` (the body prefix dropped). */
export function fieldErrorsFrom<F extends string>(
  details: readonly { path: string; message: string }[],
  fields: readonly F[],
): { field: F; message: string }[] {
  return details.flatMap((detail) => {
    const path = detail.path.replace(/^body\./, '');
    return (fields as readonly string[]).includes(path)
      ? [{ field: path as F, message: detail.message }]
      : [];
  });
}
