import {
  DIAGNOSTIC_MODEL_TAKEN_MESSAGE,
  DIAGNOSTIC_OWNER_BOTH_MESSAGE,
  DIAGNOSTIC_OWNER_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_REPEATED_MESSAGE,
  DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_TOO_MANY_MESSAGE,
  DIAGNOSTIC_TENANT_TAKEN_MESSAGE,
  DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE,
  type DiagnosticParam,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';

const MESSAGE_KEYS = new Map([
  [DIAGNOSTIC_OWNER_REQUIRED_MESSAGE, 'diagnostics.messages.ownerRequired'],
  [DIAGNOSTIC_OWNER_BOTH_MESSAGE, 'diagnostics.messages.ownerBoth'],
  [DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE, 'diagnostics.messages.paramsRequired'],
  [DIAGNOSTIC_PARAMS_TOO_MANY_MESSAGE, 'diagnostics.messages.paramsTooMany'],
  [DIAGNOSTIC_PARAMS_REPEATED_MESSAGE, 'diagnostics.messages.paramsRepeated'],
  [DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE, 'diagnostics.messages.uploadMethodRequired'],
  [DIAGNOSTIC_MODEL_TAKEN_MESSAGE, 'diagnostics.messages.modelTaken'],
  [DIAGNOSTIC_TENANT_TAKEN_MESSAGE, 'diagnostics.messages.tenantTaken'],
] as const);

/** Messages of the diagnostic rules (from the shared schema or the server), in the user's language. */
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
