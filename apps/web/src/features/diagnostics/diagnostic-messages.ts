import {
  DIAGNOSTIC_OWNER_BOTH_MESSAGE,
  DIAGNOSTIC_OWNER_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_REPEATED_MESSAGE,
  DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_TOO_MANY_MESSAGE,
  DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE,
  type DiagnosticParam,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';

/** The form schema's messages and their translations. */
const MESSAGE_KEYS = new Map([
  [DIAGNOSTIC_OWNER_REQUIRED_MESSAGE, 'diagnostics.messages.ownerRequired'],
  [DIAGNOSTIC_OWNER_BOTH_MESSAGE, 'diagnostics.messages.ownerBoth'],
  [DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE, 'diagnostics.messages.paramsRequired'],
  [DIAGNOSTIC_PARAMS_TOO_MANY_MESSAGE, 'diagnostics.messages.paramsTooMany'],
  [DIAGNOSTIC_PARAMS_REPEATED_MESSAGE, 'diagnostics.messages.paramsRepeated'],
  [DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE, 'diagnostics.messages.uploadMethodRequired'],
] as const);

/**
 * Messages of the form's own schema (the diagnostic rules run in the browser)
 * in the user's language; a message already worded from a server code is shown as it is.
 */
export function translateDiagnosticMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS.get(message as Parameters<typeof MESSAGE_KEYS.get>[0]);
  return key ? t(key) : translateMessage(t, message);
}

/** Who a set-up belongs to, as one line: "SICK MCS100FT" or the industry's name. */
export function getOwnerName(setUp: Pick<DiagnosticParam, 'model' | 'tenant'>): string {
  if (setUp.model) return `${setUp.model.make.name} ${setUp.model.name}`;
  return setUp.tenant?.name ?? '';
}
