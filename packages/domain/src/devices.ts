import { z } from 'zod';
import { FIELD_MESSAGES } from './constants.js';
import { fromDigits, optionalText, requiredText, versionField } from './fields.js';
import { DEVICE_MESSAGES } from './area-messages.js';

/**
 * Devices (spec §3, §5): the analysers at an industry's monitoring points, with
 * the catalogue parameters each one measures ("parameter rows"), and the rules
 * a device must meet before it is saved. The console's form and the API check
 * the same rules: the form as the user types, the API again on every write.
 */

/** Data frequency choices, in minutes (spec §9: 15 minutes, 5 minutes, 2 minutes). */
export const DATA_FREQUENCIES = [15, 5, 2] as const;
export type DataFrequency = (typeof DATA_FREQUENCIES)[number];

/** How a device's readings reach the platform (spec §9, device). */
export const DEVICE_UPLOAD_METHODS = ['MODBUS', 'API', 'CLIENT S/W'] as const;
export type DeviceUploadMethod = (typeof DEVICE_UPLOAD_METHODS)[number];

/** Certification bodies (spec §9). `None` for a device that is not certified. */
export const CERTIFICATION_BODIES = ['MCERT', 'TUV', 'USEPA', 'Others', 'None'] as const;
export type CertificationBody = (typeof CERTIFICATION_BODIES)[number];

/** Device states (spec §4: "Device and profile have enabled/disabled"); DELETED is a deleted device. */
export const DEVICE_STATUSES = ['ENABLED', 'DISABLED', 'DELETED'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * The nitrogen-oxide mode of an analyser: the gas its NOx reading is converted
 * from. The choice filters the analyser (NDIR) types offered (spec §4).
 */
export const NOX_CONVERSIONS = ['NO', 'NO2'] as const;
export type NoxConversion = (typeof NOX_CONVERSIONS)[number];

/** Analyser types for NOx by measuring principle, and the gas each measures (`GET /api/type/ndir`). */
export const NDIR_TYPES = [
  { value: 'NDIR', label: 'NDIR (non-dispersive infrared), NO', conversion: 'NO' },
  { value: 'CLD', label: 'Chemiluminescence (CLD), NO with NO2 converter', conversion: 'NO' },
  { value: 'EC-NO', label: 'Electrochemical cell, NO', conversion: 'NO' },
  { value: 'NDUV', label: 'NDUV (non-dispersive ultraviolet), NO2', conversion: 'NO2' },
  { value: 'EC-NO2', label: 'Electrochemical cell, NO2', conversion: 'NO2' },
] as const satisfies readonly { value: string; label: string; conversion: NoxConversion }[];
export const NDIR_TYPE_VALUES = NDIR_TYPES.map((t) => t.value) as [string, ...string[]];

/** The analyser types offered for a NOx conversion (spec §4: the choice filters the list). */
export function ndirTypesFor(conversion: NoxConversion | null | undefined) {
  return conversion ? NDIR_TYPES.filter((t) => t.conversion === conversion) : [...NDIR_TYPES];
}

/** How many parameter rows one device may have: a multi-gas analyser measures a dozen or two. */
export const MAX_DEVICE_PARAMETERS = 60;
/** How many devices one industry may have. */
export const MAX_DEVICES_PER_TENANT = 500;

/** Spec §5: a device id is a non-negative integer without leading zeros. */
export const DEVICE_ID_PATTERN = /^(0|[1-9]\d*)$/;
export const isDeviceId = (value: string) => DEVICE_ID_PATTERN.test(value);

/** Spec §5: a `#` in the serial number means its parameters need no sensor ids. */
export const SERIAL_WITHOUT_SENSOR_IDS = '#';
export const serialNeedsNoSensorIds = (serialNumber: string) =>
  serialNumber.includes(SERIAL_WITHOUT_SENSOR_IDS);

export const withParam = (message: string, param: string) => message.replace('{param}', param);

/** Whether a catalogue parameter is NOx (the NDIR settings apply to it). */
export const isNoxParameter = (parameter: { name?: string | null; label?: string | null }) =>
  /^(caaqms[ _.]?)?nox$/i.test((parameter.name ?? '').trim()) ||
  /^(caaqms )?nox$/i.test((parameter.label ?? '').trim());

/** Percent (form) ↔ fraction (API) for the NO/NO2 ratios (spec §5: "sent divided by 100"). */
export const ratioToFraction = (percent: number) => Math.round(percent * 100) / 10_000;
export const fractionToRatio = (fraction: number) => Math.round(fraction * 10_000) / 100;

/** An optional number that may arrive as digits; '' and null are "not given". */
const optionalNumber = (schema: z.ZodNumber) =>
  z
    .preprocess(
      (value) =>
        value === '' ? null : typeof value === 'string' && value.trim() !== '' ? Number(value) : value,
      schema.refine((n) => Number.isFinite(n), FIELD_MESSAGES.number).nullish(),
    )
    .transform((v) => v ?? null);

const unitCode = z.string().trim().max(20);
const optionalUnit = z
  .preprocess((v) => (v === '' ? null : v), unitCode.nullish())
  .transform((v) => v ?? null);

/** One parameter row of a device (spec §3: device param). */
export const deviceParamBodySchema = z
  .object({
    /** The row's id, for a row already saved. */
    id: fromDigits(z.number().int().min(1)).optional(),
    /** The catalogue (standard) parameter. */
    parameterId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    /** Checked: the parameter is monitored. */
    enabled: z.boolean().default(true),
    /** The unit the device sends readings in. */
    unit: optionalUnit,
    cpcbUnit: optionalUnit,
    spcbUnit: optionalUnit,
    userUnit: optionalUnit,
    /** The counter's roll-over value (required for a counter). */
    max: optionalNumber(z.number({ message: FIELD_MESSAGES.number }).min(0).max(1e15)),
    isCounter: z.boolean().default(false),
    remoteCalibrationFacility: z.boolean().default(false),
    offlineAlert: z.boolean().default(false),
    sensorId: optionalText(60),
  })
  .strict();
export type DeviceParamBody = z.output<typeof deviceParamBodySchema>;
export type DeviceParamInput = z.input<typeof deviceParamBodySchema>;

const ratioFraction = optionalNumber(
  z
    .number({ message: FIELD_MESSAGES.number })
    .min(0, 'Must be between 0 and 1')
    .max(1, 'Must be between 0 and 1'),
);

const refId = fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1));
const optionalRefId = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), refId.optional())
  .transform((v) => v ?? null);

/**
 * `POST /api/devices` and `PUT /api/devices/{id}` (with the version the edit
 * started from). The NO and NO2 ratios are fractions (0.05 and 0.95 for the
 * default 5/95). The rules that need the parameters' names (a unit and a max
 * for each enabled parameter, sensor ids) are `deviceParamIssues`.
 */
export const deviceBodySchema = z
  .object({
    tenantId: refId,
    name: requiredText(100),
    serialNumber: requiredText(60),
    manufactureId: optionalText(60),
    certified: z.boolean().default(false),
    certification: z
      .enum(CERTIFICATION_BODIES)
      .nullish()
      .transform((v) => v ?? null),
    dataFrequency: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int()).pipe(
      z.literal(DATA_FREQUENCIES, { message: `Choose ${DATA_FREQUENCIES.join(', ')} minutes` }),
    ),
    tag: optionalText(60),
    /** The monitoring point (entity) the device is at. */
    monitoringPointId: refId,
    description: optionalText(500),
    /** The device type: a model type of the masters (CEMS, CAAQMS, Water Quality, …). */
    type: optionalText(60),
    /** The analyser model (its make follows). */
    modelId: refId,
    calibratorModelId: optionalRefId,
    isNdirEnabled: z.boolean().default(false),
    noxConversion: z
      .enum(NOX_CONVERSIONS)
      .nullish()
      .transform((v) => v ?? null),
    ndirType: z
      .enum(NDIR_TYPE_VALUES)
      .nullish()
      .transform((v) => v ?? null),
    noRatio: ratioFraction,
    no2Ratio: ratioFraction,
    dataUploadMethod: z.enum(DEVICE_UPLOAD_METHODS, {
      message: `Choose one of ${DEVICE_UPLOAD_METHODS.join(', ')}`,
    }),
    vendorId: optionalRefId,
    process: optionalText(200),
    status: z.enum(['ENABLED', 'DISABLED']).default('ENABLED'),
    params: z
      .array(deviceParamBodySchema)
      .max(MAX_DEVICE_PARAMETERS, `A device has at most ${MAX_DEVICE_PARAMETERS} parameters`),
    version: versionField.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.certified && (!body.certification || body.certification === 'None')) {
      ctx.addIssue({ code: 'custom', path: ['certification'], message: DEVICE_MESSAGES.certification });
    }
    const seen = new Set<number>();
    body.params.forEach((row, index) => {
      if (seen.has(row.parameterId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['params', index, 'parameterId'],
          message: DEVICE_MESSAGES.parameterTwice,
        });
      }
      seen.add(row.parameterId);
    });
    if (body.isNdirEnabled && body.noxConversion && body.ndirType) {
      const type = NDIR_TYPES.find((t) => t.value === body.ndirType);
      if (type && type.conversion !== body.noxConversion) {
        ctx.addIssue({ code: 'custom', path: ['ndirType'], message: DEVICE_MESSAGES.ndirType });
      }
    }
  });
export type DeviceBody = z.output<typeof deviceBodySchema>;
export type DeviceInput = z.input<typeof deviceBodySchema>;

export interface DeviceRuleIssue {
  path: (string | number)[];
  message: string;
  code: 'FIELD_REQUIRED' | 'FIELD_TAKEN' | 'FIELD_INVALID';
}

export interface DeviceRuleContext {
  /** The catalogue parameter's name (label) by id, for the messages and the NOx check. */
  parameterOf: (parameterId: number) => { name: string; label?: string | null } | undefined;
  /** Another device (not deleted) has this serial number. */
  serialShared: boolean;
  /** The server said the serial number may not be used (another industry's device has it). */
  serialForbidden?: boolean;
  /** Sensor ids the server reported taken for this serial number. */
  takenSensorIds?: ReadonlySet<string>;
}

/**
 * The rules of spec §5 that need the parameters' names and the server's
 * answers, in the order a user meets them. Each issue names the field it is
 * about; the form shows them there and the API answers them as field details.
 */
export function deviceRuleIssues(
  body: Pick<
    DeviceBody,
    'serialNumber' | 'params' | 'isNdirEnabled' | 'noxConversion' | 'ndirType' | 'noRatio' | 'no2Ratio'
  >,
  context: DeviceRuleContext,
): DeviceRuleIssue[] {
  const issues: DeviceRuleIssue[] = [];
  const enabled = body.params.map((row, index) => ({ row, index })).filter(({ row }) => row.enabled);
  if (enabled.length === 0) {
    issues.push({ path: ['params'], message: DEVICE_MESSAGES.enableOne, code: 'FIELD_REQUIRED' });
  }
  if (context.serialForbidden) {
    issues.push({ path: ['serialNumber'], message: DEVICE_MESSAGES.serialForbidden, code: 'FIELD_TAKEN' });
  }
  const needSensorIds = context.serialShared && !serialNeedsNoSensorIds(body.serialNumber);
  const sensorIds = new Map<string, number>();
  let hasNox = false;
  for (const { row, index } of enabled) {
    const parameter = context.parameterOf(row.parameterId);
    const name = parameter?.label || parameter?.name || `#${row.parameterId}`;
    if (parameter && isNoxParameter(parameter)) hasNox = true;
    if (!row.unit) {
      issues.push({
        path: ['params', index, 'unit'],
        message: withParam(DEVICE_MESSAGES.unit, name),
        code: 'FIELD_REQUIRED',
      });
    }
    if (row.isCounter && (row.max === null || row.max === undefined)) {
      issues.push({
        path: ['params', index, 'max'],
        message: withParam(DEVICE_MESSAGES.max, name),
        code: 'FIELD_REQUIRED',
      });
    }
    const sensorId = row.sensorId?.trim();
    if (!sensorId) {
      if (needSensorIds) {
        issues.push({
          path: ['params', index, 'sensorId'],
          message: DEVICE_MESSAGES.sensorIdRequired,
          code: 'FIELD_REQUIRED',
        });
      }
      continue;
    }
    const key = sensorId.toLowerCase();
    if (sensorIds.has(key)) {
      issues.push({
        path: ['params', index, 'sensorId'],
        message: DEVICE_MESSAGES.sensorIdRepeated,
        code: 'FIELD_TAKEN',
      });
    } else if (context.takenSensorIds?.has(key)) {
      issues.push({
        path: ['params', index, 'sensorId'],
        message: DEVICE_MESSAGES.sensorIdTaken,
        code: 'FIELD_TAKEN',
      });
    }
    sensorIds.set(key, index);
  }
  if (hasNox && body.isNdirEnabled) {
    if (!body.ndirType)
      issues.push({ path: ['ndirType'], message: DEVICE_MESSAGES.ndirType, code: 'FIELD_REQUIRED' });
    if (body.noRatio === null || body.noRatio === undefined) {
      issues.push({ path: ['noRatio'], message: FIELD_MESSAGES.required, code: 'FIELD_REQUIRED' });
    }
    if (body.no2Ratio === null || body.no2Ratio === undefined) {
      issues.push({ path: ['no2Ratio'], message: FIELD_MESSAGES.required, code: 'FIELD_REQUIRED' });
    }
    if (
      body.noRatio !== null &&
      body.noRatio !== undefined &&
      body.no2Ratio !== null &&
      body.no2Ratio !== undefined &&
      !ratiosComplement(fractionToRatio(body.noRatio), fractionToRatio(body.no2Ratio))
    ) {
      issues.push({ path: ['no2Ratio'], message: DEVICE_MESSAGES.ratios, code: 'FIELD_INVALID' });
    }
  }
  return issues;
}

/** Whether NO and NO2 percentages are complementary (sum to 100, to the hundredth). */
export const ratiosComplement = (noPercent: number, no2Percent: number) =>
  Number.isFinite(noPercent) &&
  Number.isFinite(no2Percent) &&
  noPercent >= 0 &&
  no2Percent >= 0 &&
  Math.abs(noPercent + no2Percent - 100) < 0.005;

/** The NO2 share that complements an NO share (the form fills one from the other). */
export const complementRatio = (percent: number) => Math.round((100 - percent) * 100) / 100;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const deviceParamSchema = z.object({
  id: z.number().int(),
  parameter: z.object({ id: z.number().int(), name: z.string(), label: z.string(), virtual: z.boolean() }),
  enabled: z.boolean(),
  unit: z.string().nullable(),
  cpcbUnit: z.string().nullable(),
  spcbUnit: z.string().nullable(),
  userUnit: z.string().nullable(),
  max: z.number().nullable(),
  isCounter: z.boolean(),
  remoteCalibrationFacility: z.boolean(),
  offlineAlert: z.boolean(),
  sensorId: z.string().nullable(),
});
export type DeviceParam = z.infer<typeof deviceParamSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  tenant: namedRef,
  name: z.string(),
  serialNumber: z.string(),
  manufactureId: z.string().nullable(),
  certified: z.boolean(),
  certification: z.enum(CERTIFICATION_BODIES).nullable(),
  dataFrequency: z.number().int(),
  tag: z.string().nullable(),
  monitoringPoint: namedRef.extend({ entityType: z.string() }),
  description: z.string().nullable(),
  type: z.string().nullable(),
  model: namedRef.extend({ make: namedRef }),
  calibratorModel: namedRef.extend({ make: namedRef }).nullable(),
  isNdirEnabled: z.boolean(),
  noxConversion: z.enum(NOX_CONVERSIONS).nullable(),
  ndirType: z.string().nullable(),
  noRatio: z.number().nullable(),
  no2Ratio: z.number().nullable(),
  dataUploadMethod: z.enum(DEVICE_UPLOAD_METHODS),
  vendor: namedRef.nullable(),
  process: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  params: z.array(deviceParamSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/** A row of the device list: what the table shows, without the parameter rows. */
export const deviceSummarySchema = z.object({
  id: z.number().int(),
  tenant: namedRef,
  name: z.string(),
  serialNumber: z.string(),
  monitoringPoint: namedRef,
  model: namedRef.extend({ make: namedRef }),
  dataUploadMethod: z.enum(DEVICE_UPLOAD_METHODS),
  status: z.enum(DEVICE_STATUSES),
  /** Enabled parameter rows. */
  parameterCount: z.number().int(),
  version: z.number().int(),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

export const deviceListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(20),
  /** The industry; site and partner users may list across the industries they see without it. */
  tenantId: fromDigits(z.number().int().min(1)).optional(),
  monitoringPointId: fromDigits(z.number().int().min(1)).optional(),
  /** Name, serial number or tag. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ENABLED', 'DISABLED']).optional(),
});
export type DeviceListQuery = z.output<typeof deviceListQuerySchema>;

/** `DELETE /api/devices/{id}?version=`. */
export const deviceDeleteQuerySchema = z.object({ version: fromDigits(z.number().int().min(1)).optional() });

/** `POST /api/checkSNoAvailability`: 200 when no other device has it, 409 when another does. */
export const serialCheckBodySchema = z
  .object({
    newSNo: requiredText(60),
    /** The device being edited (its own serial number does not count). */
    deviceId: fromDigits(z.number().int().min(1)).nullish(),
    tenantId: fromDigits(z.number().int().min(1)),
  })
  .strict();
export const serialCheckSchema = z.object({
  available: z.boolean(),
  /** Another industry's device has the serial number: it may not be used. */
  forbidden: z.boolean(),
  /** Sensor ids are required on this device's parameters. */
  sensorIdRequired: z.boolean(),
});
export type SerialCheck = z.infer<typeof serialCheckSchema>;

/** `POST /api/checkSIdAvailability`. */
export const sensorCheckBodySchema = z
  .object({
    serialNo: requiredText(60),
    sensorId: requiredText(60),
    deviceId: fromDigits(z.number().int().min(1)).nullish(),
    tenantId: fromDigits(z.number().int().min(1)),
  })
  .strict();
export const sensorCheckSchema = z.object({ available: z.boolean() });

/** `GET /api/sidRequiredForDevice/{id}`. */
export const sensorIdRequiredSchema = z.object({ sensorIdRequired: z.boolean() });

/** Device vendors: the companies that supply and install devices (`/api/allDeviceVendor`). */
export const deviceVendorSchema = z.object({ id: z.number().int(), name: z.string() });
export type DeviceVendor = z.infer<typeof deviceVendorSchema>;
export const deviceVendorBodySchema = z.object({ name: requiredText(100) }).strict();

/** `GET /api/type`: device types (the model types of the masters). */
export const deviceTypeSchema = z.object({ value: z.string(), label: z.string() });
export const ndirTypeQuerySchema = z.object({ conversion: z.enum(NOX_CONVERSIONS).optional() });
export const ndirTypeSchema = z.object({
  value: z.string(),
  label: z.string(),
  conversion: z.enum(NOX_CONVERSIONS),
});

/** What an industry uses, for plan limits (billing): enabled device parameters and cameras. */
export const usageSchema = z.object({
  tenantId: z.number().int(),
  parameters: z.number().int(),
  cameras: z.number().int(),
  devices: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

/** `GET /api/devices/export`: the filters of `GET /api/devices`. */
export const deviceExportQuerySchema = deviceListQuerySchema.omit({ page: true, pageSize: true });
export type DeviceExportQuery = z.output<typeof deviceExportQuerySchema>;
