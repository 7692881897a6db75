import {
  CAAQMS_LABEL_MESSAGE,
  CAAQMS_PREFIX,
  COUNTER_DEFAULT_RESET_VALUE,
  type Parameter,
  type ParameterInput,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import type { FieldPath } from 'react-hook-form';
import { translateMessage } from '../../../i18n/messages';

/** The form's fields, to which the server's field errors are mapped. */
export const FORM_FIELDS = [
  'label',
  'caaqmsPrefix',
  'mtype',
  'type',
  'stdUnit',
  'defaultStdUnit',
  'alertLabel',
  'metricAgg',
  'metricDownsampleAgg',
  'isAlertEnabled',
  'isCounter',
  'counterResetValue',
  'isConversion',
  'showWidget',
  'dataStoreType',
  'baseParamId',
  'isLinear',
] as const satisfies readonly FieldPath<ParameterInput>[];

/** A functional parameter's display colour until one is chosen (kept in the browser only). */
export const DEFAULT_COLOUR = '#1c7ed6';

/** The form's starting values: a new parameter gets the spec's defaults. */
export function toFormValues(parameter: Parameter | null): ParameterInput {
  if (!parameter) {
    return {
      label: '',
      caaqmsPrefix: false,
      mtype: undefined as unknown as ParameterInput['mtype'],
      type: 'NORMAL',
      stdUnit: null,
      defaultStdUnit: null,
      alertLabel: null,
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isAlertEnabled: false,
      isCounter: false,
      counterResetValue: COUNTER_DEFAULT_RESET_VALUE,
      isConversion: true,
      showWidget: true,
      dataStoreType: 'device',
      baseParamId: null,
      isLinear: false,
    };
  }
  // The stored label carries the prefix; the form shows it as the checkbox instead.
  const hasPrefix = parameter.label.toUpperCase().startsWith(CAAQMS_PREFIX.toUpperCase());
  return {
    label: hasPrefix ? parameter.label.slice(CAAQMS_PREFIX.length).trim() : parameter.label,
    caaqmsPrefix: hasPrefix,
    mtype: parameter.mtype,
    type: parameter.type,
    stdUnit: parameter.stdUnit,
    defaultStdUnit: parameter.defaultStdUnit,
    alertLabel: parameter.alertLabel,
    metricAgg: parameter.metricAgg,
    metricDownsampleAgg: parameter.metricDownsampleAgg,
    isAlertEnabled: parameter.isAlertEnabled,
    isCounter: parameter.isCounter,
    counterResetValue: parameter.counterResetValue ?? COUNTER_DEFAULT_RESET_VALUE,
    isConversion: parameter.isConversion,
    showWidget: parameter.showWidget,
    dataStoreType: parameter.dataStoreType,
    baseParamId: parameter.baseParamId,
    isLinear: parameter.isLinear ?? false,
    version: parameter.version,
  };
}

/** Messages of the parameter rules, in the user's language. */
export function translateParameterMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === CAAQMS_LABEL_MESSAGE) return t('parameters.form.caaqmsLabelRequired');
  return translateMessage(t, message);
}
