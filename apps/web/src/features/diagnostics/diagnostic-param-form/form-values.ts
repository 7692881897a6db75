import type { DiagnosticParam, DiagnosticParamFormInput as FormInput } from '@vayu/domain';
import type { FieldPath } from 'react-hook-form';

export type { DiagnosticParamFormInput as FormInput, DiagnosticParamForm as FormValues } from '@vayu/domain';

/** Fields the server may name in its details; only the owner of the chosen kind is on the screen. */
export function serverFieldsOf(ownerKind: FormInput['ownerKind']): FieldPath<FormInput>[] {
  return [ownerKind === 'model' ? 'modelId' : 'tenantId', 'paramIds', 'dataUploadMethod'];
}

/** The form's starting values: a new set-up starts as an analyser model's, both switches off. */
export function toFormValues(setUp: DiagnosticParam | null): FormInput {
  if (!setUp) {
    return {
      ownerKind: 'model',
      makeId: null,
      modelId: null,
      tenantId: null,
      paramIds: [],
      isRemoteCalibration: false,
      isCalibrationThroughUtility: false,
      dataUploadMethod: null,
    };
  }
  return {
    ownerKind: setUp.model ? 'model' : 'tenant',
    makeId: setUp.model?.make.id ?? null,
    modelId: setUp.model?.id ?? null,
    tenantId: setUp.tenant?.id ?? null,
    paramIds: setUp.paramIds,
    isRemoteCalibration: setUp.isRemoteCalibration,
    isCalibrationThroughUtility: setUp.isCalibrationThroughUtility,
    dataUploadMethod: setUp.dataUploadMethod,
    version: setUp.version,
  };
}
