import { describe, expect, it } from 'vitest';
import {
  diagnosticParamBodySchema,
  diagnosticParamFormSchema,
  getRemoteCalibrationLabel,
  toDiagnosticParamBody,
} from './diagnostics.js';
import {
  DIAGNOSTIC_MAX_PARAMETERS,
  DIAGNOSTIC_OWNER_BOTH_MESSAGE,
  DIAGNOSTIC_OWNER_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_REPEATED_MESSAGE,
  DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
  DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE,
} from './messages.js';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('diagnostic set-up body', () => {
  it('takes a model set-up with defaults for the switches and no upload method', () => {
    const parsed = diagnosticParamBodySchema.parse({ modelId: 4, paramIds: [1, 2] });
    expect(parsed).toEqual({
      tenantId: null,
      modelId: 4,
      paramIds: [1, 2],
      isRemoteCalibration: false,
      isCalibrationThroughUtility: false,
      dataUploadMethod: null,
    });
  });

  it('needs exactly one owner, reported on both owner fields', () => {
    const neither = diagnosticParamBodySchema.safeParse({ paramIds: [1] });
    expect(issuesOf(neither)).toEqual([
      { path: 'modelId', message: DIAGNOSTIC_OWNER_REQUIRED_MESSAGE },
      { path: 'tenantId', message: DIAGNOSTIC_OWNER_REQUIRED_MESSAGE },
    ]);
    const both = diagnosticParamBodySchema.safeParse({ modelId: 1, tenantId: 2, paramIds: [1] });
    expect(issuesOf(both)).toContainEqual({ path: 'tenantId', message: DIAGNOSTIC_OWNER_BOTH_MESSAGE });
  });

  it('needs one to fifty different parameters', () => {
    expect(issuesOf(diagnosticParamBodySchema.safeParse({ modelId: 1, paramIds: [] }))).toEqual([
      { path: 'paramIds', message: DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE },
    ]);
    expect(issuesOf(diagnosticParamBodySchema.safeParse({ modelId: 1, paramIds: [3, 3] }))).toEqual([
      { path: 'paramIds', message: DIAGNOSTIC_PARAMS_REPEATED_MESSAGE },
    ]);
    const many = Array.from({ length: DIAGNOSTIC_MAX_PARAMETERS + 1 }, (_, i) => i + 1);
    expect(diagnosticParamBodySchema.safeParse({ modelId: 1, paramIds: many }).success).toBe(false);
    expect(diagnosticParamBodySchema.safeParse({ modelId: 1, paramIds: many.slice(1) }).success).toBe(true);
  });

  it('needs an upload method only when calibration runs through the utility', () => {
    const missing = diagnosticParamBodySchema.safeParse({
      tenantId: 9,
      paramIds: [1],
      isCalibrationThroughUtility: true,
    });
    expect(issuesOf(missing)).toEqual([
      { path: 'dataUploadMethod', message: DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE },
    ]);
    const unknown = diagnosticParamBodySchema.safeParse({
      tenantId: 9,
      paramIds: [1],
      isCalibrationThroughUtility: true,
      dataUploadMethod: 'MODBUS',
    });
    expect(issuesOf(unknown)[0]?.path).toBe('dataUploadMethod');
    expect(
      diagnosticParamBodySchema.safeParse({
        tenantId: 9,
        paramIds: [1],
        isCalibrationThroughUtility: true,
        dataUploadMethod: 'IOT-Gateway',
      }).success,
    ).toBe(true);
  });

  it('refuses fields it does not know', () => {
    expect(diagnosticParamBodySchema.safeParse({ modelId: 1, paramIds: [1], makeId: 2 }).success).toBe(false);
  });
});

describe('diagnostic set-up form', () => {
  const form = {
    ownerKind: 'model' as const,
    makeId: 2,
    modelId: 5,
    tenantId: 7,
    paramIds: [1],
    isRemoteCalibration: true,
    isCalibrationThroughUtility: false,
    dataUploadMethod: 'IOT-EDGE' as const,
  };

  it('asks for the make and model of a model set-up, the industry of an industry set-up', () => {
    const noModel = diagnosticParamFormSchema.safeParse({ ...form, makeId: null, modelId: null });
    expect(issuesOf(noModel).map((issue) => issue.path)).toEqual(['makeId', 'modelId']);
    const noTenant = diagnosticParamFormSchema.safeParse({ ...form, ownerKind: 'tenant', tenantId: null });
    expect(issuesOf(noTenant).map((issue) => issue.path)).toEqual(['tenantId']);
  });

  it('sends only the chosen owner and drops the upload method when not through the utility', () => {
    const body = toDiagnosticParamBody(diagnosticParamFormSchema.parse({ ...form, version: 3 }));
    expect(body).toEqual({
      tenantId: null,
      modelId: 5,
      paramIds: [1],
      isRemoteCalibration: true,
      isCalibrationThroughUtility: false,
      dataUploadMethod: null,
      version: 3,
    });
    expect(diagnosticParamBodySchema.safeParse(body).success).toBe(true);
    const tenantBody = toDiagnosticParamBody(
      diagnosticParamFormSchema.parse({ ...form, ownerKind: 'tenant', isCalibrationThroughUtility: true }),
    );
    expect(tenantBody).toMatchObject({ tenantId: 7, modelId: null, dataUploadMethod: 'IOT-EDGE' });
  });

  it('labels remote calibration ENABLED or DISABLED', () => {
    expect(getRemoteCalibrationLabel(true)).toBe('ENABLED');
    expect(getRemoteCalibrationLabel(false)).toBe('DISABLED');
  });
});
