import { toNestErrors } from '@hookform/resolvers';
import {
  deviceBodySchema,
  deviceRuleIssues,
  type DeviceBody,
  type FieldError as ApiFieldError,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, ResolverOptions, ResolverResult } from 'react-hook-form';
import { describeFieldError } from '../../../components/form';
import { translateMessage } from '../../../i18n/messages';
import {
  rowName,
  toDeviceInput,
  toRuleInput,
  type DeviceFormValues,
  type ParamRowValues,
} from './form-values';

/** What the server said of the serial number and sensor ids now in the form. */
export interface AvailabilityContext {
  /** Another device (not deleted) has the serial number. */
  serialShared: boolean;
  /** Another industry's device has it: it may not be used. */
  serialForbidden: boolean;
  /** Sensor ids (lower case) other devices with the serial number use. */
  takenSensorIds: ReadonlySet<string>;
}

export const NOTHING_KNOWN: AvailabilityContext = {
  serialShared: false,
  serialForbidden: false,
  takenSensorIds: new Set(),
};

const ROW_FIELD = /^params\.(\d+)\.(\w+)$/;

function rowAt(values: DeviceFormValues, path: string): ParamRowValues | undefined {
  const match = ROW_FIELD.exec(path);
  return match ? values.params[Number(match[1])] : undefined;
}

/** Whether an earlier monitored row of the form has the same sensor id as the row at `index`. */
function isRepeatedSensorId(values: DeviceFormValues, index: number): boolean {
  const key = values.params[index]?.sensorId.trim().toLowerCase();
  if (!key) return false;
  return values.params.some(
    (row, other) => other < index && row.enabled && row.sensorId.trim().toLowerCase() === key,
  );
}

/**
 * The wording of a device rule (spec §5) by the field it is about and its
 * code, in the user's language, with the parameter's name where the rule
 * names it. The form's own checks and the server's 422 details are worded
 * alike; anything else keeps `fallback`.
 */
export function describeDeviceIssue(
  t: TFunction,
  path: string,
  code: string | undefined,
  fallback: string,
  values: DeviceFormValues,
): string {
  const row = rowAt(values, path);
  const rowField = ROW_FIELD.exec(path)?.[2];
  const param = row ? rowName(row) : '';
  if (path === 'params' && code === 'FIELD_REQUIRED') return t('deviceRegistry.rules.enableOne');
  if (rowField === 'unit' && code === 'FIELD_REQUIRED') return t('deviceRegistry.rules.unit', { param });
  if (rowField === 'max' && code === 'FIELD_REQUIRED') return t('deviceRegistry.rules.max', { param });
  if (rowField === 'parameterId') return t('deviceRegistry.rules.parameterTwice');
  if (rowField === 'sensorId' && code === 'FIELD_REQUIRED') return t('deviceRegistry.rules.sensorIdRequired');
  if (rowField === 'sensorId' && code === 'FIELD_TAKEN') {
    const index = Number(ROW_FIELD.exec(path)?.[1]);
    return isRepeatedSensorId(values, index)
      ? t('deviceRegistry.rules.sensorIdRepeated')
      : t('deviceRegistry.rules.sensorIdTaken');
  }
  if (path === 'serialNumber' && code === 'FIELD_TAKEN') return t('deviceRegistry.rules.serialForbidden');
  if (path === 'ndirType') return t('deviceRegistry.rules.ndirType');
  if ((path === 'noRatio' || path === 'no2Ratio') && code === 'FIELD_INVALID') {
    return t('deviceRegistry.rules.ratios');
  }
  if (path === 'certification') return t('deviceRegistry.rules.certification');
  if (code === 'FIELD_REQUIRED') return t('validation.required');
  return fallback;
}

/** The wording of one of the server's field details on the device form. */
export function describeServerDetail(t: TFunction, detail: ApiFieldError, values: DeviceFormValues): string {
  const path = detail.path.replace(/^body\./, '');
  return describeDeviceIssue(t, path, detail.code, describeFieldError(t, detail), values);
}

function valueAt(values: DeviceFormValues, path: readonly PropertyKey[]): unknown {
  let node: unknown = values;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export interface DeviceCheck {
  /** The body to send, when nothing is wrong. */
  body: DeviceBody | null;
  /** What is wrong, by field path (`params.2.unit`), already worded. */
  errors: Record<string, FieldError>;
}

/**
 * Every check of the device form before anything is sent: the shared body
 * schema, then the spec §5 rules (`deviceRuleIssues`) with what the server
 * said of the serial number and sensor ids. The first problem of a field wins.
 */
export function checkDevice(
  t: TFunction,
  values: DeviceFormValues,
  version: number | undefined,
  availability: AvailabilityContext,
): DeviceCheck {
  const errors: Record<string, FieldError> = {};
  const add = (path: string, type: string, message: string) => {
    errors[path] ??= { type, message };
  };
  const parsed = deviceBodySchema.safeParse(toDeviceInput(values, version));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const code = isEmpty(valueAt(values, issue.path)) ? 'FIELD_REQUIRED' : undefined;
      add(
        path,
        code ?? issue.code,
        describeDeviceIssue(t, path, code, translateMessage(t, issue.message), values),
      );
    }
  }
  const labels = new Map(values.params.map((row) => [row.parameterId, row]));
  const issues = deviceRuleIssues(toRuleInput(values), {
    parameterOf: (parameterId) => {
      const row = labels.get(parameterId);
      return row ? { name: row.name, label: row.label } : undefined;
    },
    serialShared: availability.serialShared,
    serialForbidden: availability.serialForbidden,
    takenSensorIds: availability.takenSensorIds,
  });
  for (const issue of issues) {
    const path = issue.path.join('.');
    add(
      path,
      issue.code,
      describeDeviceIssue(t, path, issue.code, translateMessage(t, issue.message), values),
    );
  }
  return { body: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}

/** The form's resolver: `checkDevice`, its errors nested as react-hook-form keeps them. */
export function resolveDevice(
  t: TFunction,
  values: DeviceFormValues,
  version: number | undefined,
  availability: AvailabilityContext,
  options: ResolverOptions<DeviceFormValues>,
): ResolverResult<DeviceFormValues> {
  const { errors } = checkDevice(t, values, version, availability);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
}
