import {
  DEFAULT_NO2_RATIO,
  DEFAULT_NO_RATIO,
  fractionToRatio,
  isNoxParameter,
  ratioToFraction,
  type CertificationBody,
  type Device,
  type DeviceInput,
  type DeviceParamBody,
  type DeviceUploadMethod,
  type NoxConversion,
  type ParameterUnitsAnswer,
} from '@vayu/domain';

/** One parameter row of the form: what is sent, with what the screen needs to show it. */
export interface ParamRowValues {
  /** The saved row's id; null for a row added in this edit. */
  rowId: number | null;
  parameterId: number;
  /** The catalogue parameter's name and label (shown, and the NOx check reads them). */
  name: string;
  label: string;
  /** The row was saved enabled: unchecking it warns that its history will no longer show. */
  savedEnabled: boolean;
  /** Added by choosing the model (a new model takes them away again); 'picked' when added by hand. */
  source: 'saved' | 'model' | 'picked';
  enabled: boolean;
  unit: string | null;
  cpcbUnit: string | null;
  spcbUnit: string | null;
  userUnit: string | null;
  max: number | null;
  isCounter: boolean;
  remoteCalibrationFacility: boolean;
  offlineAlert: boolean;
  sensorId: string;
}

/** The device form. The NO and NO2 ratios are percentages here and fractions in the API. */
export interface DeviceFormValues {
  tenantId: number | null;
  name: string;
  serialNumber: string;
  manufactureId: string;
  certified: boolean;
  certification: CertificationBody | null;
  dataFrequency: number | null;
  tag: string;
  monitoringPointId: number | null;
  description: string;
  process: string;
  vendorId: number | null;
  type: string | null;
  makeId: number | null;
  modelId: number | null;
  calibratorMakeId: number | null;
  calibratorModelId: number | null;
  dataUploadMethod: DeviceUploadMethod | null;
  isNdirEnabled: boolean;
  noxConversion: NoxConversion | null;
  ndirType: string | null;
  noRatio: number | null;
  no2Ratio: number | null;
  status: 'ENABLED' | 'DISABLED';
  params: ParamRowValues[];
}

/** A new device: 15-minute data (the compliance unit), MODBUS, enabled, NO/NO2 at the default 5/95. */
export function emptyDeviceValues(tenantId: number | null): DeviceFormValues {
  return {
    tenantId,
    name: '',
    serialNumber: '',
    manufactureId: '',
    certified: false,
    certification: null,
    dataFrequency: 15,
    tag: '',
    monitoringPointId: null,
    description: '',
    process: '',
    vendorId: null,
    type: null,
    makeId: null,
    modelId: null,
    calibratorMakeId: null,
    calibratorModelId: null,
    dataUploadMethod: 'MODBUS',
    isNdirEnabled: false,
    noxConversion: 'NO',
    ndirType: null,
    noRatio: DEFAULT_NO_RATIO,
    no2Ratio: DEFAULT_NO2_RATIO,
    status: 'ENABLED',
    params: [],
  };
}

/** The form's values for a stored device. */
export function toFormValues(device: Device): DeviceFormValues {
  return {
    tenantId: device.tenant.id,
    name: device.name,
    serialNumber: device.serialNumber,
    manufactureId: device.manufactureId ?? '',
    certified: device.certified,
    certification: device.certification,
    dataFrequency: device.dataFrequency,
    tag: device.tag ?? '',
    monitoringPointId: device.monitoringPoint.id,
    description: device.description ?? '',
    process: device.process ?? '',
    vendorId: device.vendor?.id ?? null,
    type: device.type,
    makeId: device.model.make.id,
    modelId: device.model.id,
    calibratorMakeId: device.calibratorModel?.make.id ?? null,
    calibratorModelId: device.calibratorModel?.id ?? null,
    dataUploadMethod: device.dataUploadMethod,
    isNdirEnabled: device.isNdirEnabled,
    noxConversion: device.noxConversion ?? 'NO',
    ndirType: device.ndirType,
    noRatio: device.noRatio === null ? DEFAULT_NO_RATIO : fractionToRatio(device.noRatio),
    no2Ratio: device.no2Ratio === null ? DEFAULT_NO2_RATIO : fractionToRatio(device.no2Ratio),
    status: device.status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
    params: device.params.map((row) => ({
      rowId: row.id,
      parameterId: row.parameter.id,
      name: row.parameter.name,
      label: row.parameter.label,
      savedEnabled: row.enabled,
      source: 'saved',
      enabled: row.enabled,
      unit: row.unit,
      cpcbUnit: row.cpcbUnit,
      spcbUnit: row.spcbUnit,
      userUnit: row.userUnit,
      max: row.max,
      isCounter: row.isCounter,
      remoteCalibrationFacility: row.remoteCalibrationFacility,
      offlineAlert: row.offlineAlert,
      sensorId: row.sensorId ?? '',
    })),
  };
}

/** A catalogue parameter as the form adds it. */
export interface CatalogueParameter {
  id: number;
  name: string;
  label: string;
  isCounter: boolean;
}

/**
 * A new row for a catalogue parameter, monitored, with the CPCB and SPCB units
 * the catalogue gives it; the unit the device sends in is the user's to choose.
 */
export function newParamRow(
  parameter: CatalogueParameter,
  source: ParamRowValues['source'],
  units: ParameterUnitsAnswer | undefined,
): ParamRowValues {
  return {
    rowId: null,
    parameterId: parameter.id,
    name: parameter.name,
    label: parameter.label,
    savedEnabled: false,
    source,
    enabled: true,
    unit: null,
    cpcbUnit: units?.cpcbUnit ?? null,
    spcbUnit: units?.spcbUnit ?? null,
    userUnit: null,
    max: null,
    isCounter: parameter.isCounter,
    remoteCalibrationFacility: false,
    offlineAlert: true,
    sensorId: '',
  };
}

/** The parameter's name as the messages give it. */
export const rowName = (row: Pick<ParamRowValues, 'label' | 'name' | 'parameterId'>) =>
  row.label || row.name || `#${row.parameterId}`;

/** Whether an enabled row measures NOx: the NDIR settings then apply. */
export const hasEnabledNox = (rows: readonly ParamRowValues[]) =>
  rows.some((row) => row.enabled && isNoxParameter(row));

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What the spec §5 rules (`deviceRuleIssues`) read of the form, the NDIR ratios as fractions. */
export function toRuleInput(values: DeviceFormValues) {
  const isNdir = values.isNdirEnabled && hasEnabledNox(values.params);
  return {
    serialNumber: values.serialNumber.trim(),
    isNdirEnabled: isNdir,
    noxConversion: isNdir ? values.noxConversion : null,
    ndirType: isNdir ? values.ndirType : null,
    noRatio: isNdir && values.noRatio !== null ? ratioToFraction(values.noRatio) : null,
    no2Ratio: isNdir && values.no2Ratio !== null ? ratioToFraction(values.no2Ratio) : null,
    params: values.params.map((row): DeviceParamBody => ({
      ...(row.rowId !== null && { id: row.rowId }),
      parameterId: row.parameterId,
      enabled: row.enabled,
      unit: row.unit,
      cpcbUnit: row.cpcbUnit,
      spcbUnit: row.spcbUnit,
      userUnit: row.userUnit,
      max: row.max,
      isCounter: row.isCounter,
      remoteCalibrationFacility: row.remoteCalibrationFacility,
      offlineAlert: row.offlineAlert,
      sensorId: textOrNull(row.sensorId),
    })),
  };
}

/**
 * The body of `POST /api/devices` / `PUT /api/devices/{id}` before the
 * shared schema checks it (a field left empty is null, so the schema says it
 * is required). The NDIR settings are sent only when an enabled parameter is
 * NOx and NDIR is on; the ratios go as fractions (spec §5: "sent divided by 100").
 */
export function toDeviceInput(
  values: DeviceFormValues,
  version: number | undefined,
): Omit<DeviceInput, 'dataUploadMethod'> & { dataUploadMethod: DeviceUploadMethod | undefined } {
  return {
    ...toRuleInput(values),
    tenantId: values.tenantId,
    name: values.name,
    manufactureId: values.manufactureId,
    certified: values.certified,
    certification: values.certified ? values.certification : 'None',
    dataFrequency: values.dataFrequency,
    tag: values.tag,
    monitoringPointId: values.monitoringPointId,
    description: values.description,
    type: values.type,
    modelId: values.modelId,
    calibratorModelId: values.calibratorModelId,
    dataUploadMethod: values.dataUploadMethod ?? undefined,
    vendorId: values.vendorId,
    process: values.process,
    status: values.status,
    ...(version !== undefined && { version }),
  };
}
