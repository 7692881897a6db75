import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  calibrationFilePathName,
  documentPathName,
  type Calibration,
  type CalibrationBody,
  type DeviceAction,
  type DeviceActionKind,
  type DeviceDocuments,
  type DocumentFields,
  type DocumentFile,
  type Page,
} from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  deviceActions,
  deviceCalibrations,
  deviceParams,
  deviceDocumentFields,
  deviceDocumentFiles,
  devices,
  makes,
  models,
  parameters,
  users,
} from '../../db/schema/index.js';
import { readPage } from '../../lib/paging.js';

/** What the records of a device need to know about it. */
export interface DeviceRef {
  id: number;
  tenantId: number;
  name: string;
  status: 'ENABLED' | 'DISABLED' | 'DELETED';
}

/**
 * The device (not deleted) when its rows are within `scope`; with `lock`, its
 * row stays locked until the transaction ends, so that two uploads to one
 * device are counted one after the other.
 */
export async function findDevice(
  exec: Executor,
  scope: DataScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<DeviceRef | undefined> {
  const query = exec
    .select({ id: devices.id, tenantId: devices.tenantId, name: devices.name, status: devices.status })
    .from(devices)
    .where(and(eq(devices.id, id), ne(devices.status, 'DELETED'), tenantRowsWhere(scope, devices.tenantId)))
    .limit(1);
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

// ── Supporting documents ───────────────────────────────────────────────────

const EMPTY_FIELDS: DeviceDocuments['fields'] = {
  instrumentAccuracy: null,
  instrumentMeasurementRange: null,
  instrumentWorkingTemperatureRange: null,
  measurementCycle: null,
  otherDiagnosticParametersMonitored: null,
  referenceGasUsed: null,
  zeroGasUsed: null,
};

const fieldColumns = {
  instrumentAccuracy: deviceDocumentFields.instrumentAccuracy,
  instrumentMeasurementRange: deviceDocumentFields.instrumentMeasurementRange,
  instrumentWorkingTemperatureRange: deviceDocumentFields.instrumentWorkingTemperatureRange,
  measurementCycle: deviceDocumentFields.measurementCycle,
  otherDiagnosticParametersMonitored: deviceDocumentFields.otherDiagnosticParametersMonitored,
  referenceGasUsed: deviceDocumentFields.referenceGasUsed,
  zeroGasUsed: deviceDocumentFields.zeroGasUsed,
};

export async function findDocumentFields(
  exec: Executor,
  deviceId: number,
): Promise<DeviceDocuments['fields']> {
  const [row] = await exec
    .select(fieldColumns)
    .from(deviceDocumentFields)
    .where(eq(deviceDocumentFields.deviceId, deviceId))
    .limit(1);
  return row ?? { ...EMPTY_FIELDS };
}

/** Sets the given fields (the others keep their values), adding the device's row when it has none. */
export async function saveDocumentFields(
  exec: Executor,
  device: DeviceRef,
  values: Partial<DocumentFields>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await exec
    .insert(deviceDocumentFields)
    .values({ deviceId: device.id, tenantId: device.tenantId, ...values })
    .onConflictDoUpdate({ target: deviceDocumentFields.deviceId, set: { ...values, updatedAt: new Date() } });
}

const fileColumns = {
  id: deviceDocumentFiles.id,
  deviceId: deviceDocumentFiles.deviceId,
  fileName: deviceDocumentFiles.fileName,
  contentType: deviceDocumentFiles.contentType,
  size: deviceDocumentFiles.size,
  uploadedBy: users.name,
  uploadedAt: deviceDocumentFiles.uploadedAt,
};

type FileRow = {
  id: number;
  deviceId: number;
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: string | null;
  uploadedAt: Date;
};

const toDocumentFile = (row: FileRow): DocumentFile => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  pathName: documentPathName(row.deviceId, row.id),
  uploadedBy: row.uploadedBy,
  uploadedAt: row.uploadedAt.toISOString(),
});

/** The device's files, newest first (at most MAX_DOCUMENTS_PER_DEVICE exist). */
export async function findDocumentFiles(exec: Executor, deviceId: number, limit: number) {
  const rows = await exec
    .select(fileColumns)
    .from(deviceDocumentFiles)
    .leftJoin(users, eq(users.id, deviceDocumentFiles.uploadedBy))
    .where(eq(deviceDocumentFiles.deviceId, deviceId))
    .orderBy(desc(deviceDocumentFiles.id))
    .limit(limit);
  return rows.map(toDocumentFile);
}

export async function countDocumentFiles(exec: Executor, deviceId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(deviceDocumentFiles)
    .where(eq(deviceDocumentFiles.deviceId, deviceId));
  return row?.n ?? 0;
}

export interface NewDocumentFile {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

export async function insertDocumentFiles(
  exec: Executor,
  device: DeviceRef,
  uploadedBy: number,
  files: readonly NewDocumentFile[],
): Promise<{ id: number; fileName: string; contentType: string; size: number }[]> {
  if (files.length === 0) return [];
  return exec
    .insert(deviceDocumentFiles)
    .values(files.map((file) => ({ ...file, deviceId: device.id, tenantId: device.tenantId, uploadedBy })))
    .returning({
      id: deviceDocumentFiles.id,
      fileName: deviceDocumentFiles.fileName,
      contentType: deviceDocumentFiles.contentType,
      size: deviceDocumentFiles.size,
    });
}

/** Deletes one file row of the device; answers what it held (undefined when there was none). */
export async function deleteDocumentFile(exec: Executor, deviceId: number, fileId: number) {
  const [row] = await exec
    .delete(deviceDocumentFiles)
    .where(and(eq(deviceDocumentFiles.id, fileId), eq(deviceDocumentFiles.deviceId, deviceId)))
    .returning({
      id: deviceDocumentFiles.id,
      fileName: deviceDocumentFiles.fileName,
      contentType: deviceDocumentFiles.contentType,
      size: deviceDocumentFiles.size,
      storageKey: deviceDocumentFiles.storageKey,
    });
  return row;
}

/** A stored file that a path name names, within `scope` and of a device not deleted. */
export interface StoredFile {
  fileName: string;
  storageKey: string;
  /** As stored, or null when only the key's extension says it. */
  contentType: string | null;
}

export async function findDocumentFile(
  exec: Executor,
  scope: DataScope,
  deviceId: number,
  fileId: number,
): Promise<StoredFile | undefined> {
  const [row] = await exec
    .select({
      fileName: deviceDocumentFiles.fileName,
      storageKey: deviceDocumentFiles.storageKey,
      contentType: deviceDocumentFiles.contentType,
    })
    .from(deviceDocumentFiles)
    .innerJoin(devices, eq(devices.id, deviceDocumentFiles.deviceId))
    .where(
      and(
        eq(deviceDocumentFiles.id, fileId),
        eq(deviceDocumentFiles.deviceId, deviceId),
        ne(devices.status, 'DELETED'),
        tenantRowsWhere(scope, deviceDocumentFiles.tenantId),
      ),
    )
    .limit(1);
  return row;
}

export async function findCalibrationFile(
  exec: Executor,
  scope: DataScope,
  deviceId: number,
  calibrationId: number,
): Promise<StoredFile | undefined> {
  const [row] = await exec
    .select({ fileName: deviceCalibrations.fileName, storageKey: deviceCalibrations.storageKey })
    .from(deviceCalibrations)
    .innerJoin(devices, eq(devices.id, deviceCalibrations.deviceId))
    .where(
      and(
        eq(deviceCalibrations.id, calibrationId),
        eq(deviceCalibrations.deviceId, deviceId),
        ne(devices.status, 'DELETED'),
        tenantRowsWhere(scope, deviceCalibrations.tenantId),
      ),
    )
    .limit(1);
  if (!row?.storageKey) return undefined;
  return { fileName: row.fileName ?? 'calibration', storageKey: row.storageKey, contentType: null };
}

// ── Calibrations ──────────────────────────────────────────────────────────

/** Whether the model exists, is not deleted and belongs to a Calibrator make not deleted. */
export async function isCalibratorModel(exec: Executor, modelId: number): Promise<boolean> {
  const rows = await exec
    .select({ id: models.id })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(
      and(
        eq(models.id, modelId),
        ne(models.status, 'DELETED'),
        ne(makes.status, 'DELETED'),
        eq(makes.type, 'Calibrator'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const calibrationColumns = {
  id: deviceCalibrations.id,
  deviceId: deviceCalibrations.deviceId,
  makeId: makes.id,
  makeName: makes.name,
  modelId: models.id,
  modelName: models.name,
  offset: deviceCalibrations.offset,
  span: deviceCalibrations.span,
  coefficients: deviceCalibrations.coefficients,
  wavelength: deviceCalibrations.wavelength,
  fileName: deviceCalibrations.fileName,
  storageKey: deviceCalibrations.storageKey,
  lastCalibration: deviceCalibrations.lastCalibration,
  lastClean: deviceCalibrations.lastClean,
  comment: deviceCalibrations.comment,
  calibratedAt: deviceCalibrations.calibratedAt,
  signalStrength: deviceCalibrations.signalStrength,
  checkKind: deviceCalibrations.checkKind,
  parameterIds: deviceCalibrations.parameterIds,
  recordedBy: users.name,
  createdAt: deviceCalibrations.createdAt,
};

type CalibrationRow = {
  id: number;
  deviceId: number;
  makeId: number | null;
  makeName: string | null;
  modelId: number | null;
  modelName: string | null;
  offset: number | null;
  span: number | null;
  coefficients: string | null;
  wavelength: number | null;
  fileName: string | null;
  storageKey: string | null;
  lastCalibration: Date | null;
  lastClean: Date | null;
  comment: string | null;
  calibratedAt: Date;
  signalStrength: number | null;
  checkKind: Calibration['checkKind'];
  parameterIds: number[] | null;
  recordedBy: string | null;
  createdAt: Date;
};

/** The labels of the catalogue parameters the rows name. */
async function parameterLabelsOf(exec: Executor, rows: readonly CalibrationRow[]) {
  const ids = [...new Set(rows.flatMap((row) => row.parameterIds ?? []))];
  if (ids.length === 0) return new Map<number, string>();
  const found = await exec
    .select({ id: parameters.id, label: parameters.label })
    .from(parameters)
    .where(inArray(parameters.id, ids));
  return new Map(found.map((parameter) => [parameter.id, parameter.label]));
}

async function toCalibrations(exec: Executor, rows: readonly CalibrationRow[]): Promise<Calibration[]> {
  const labels = await parameterLabelsOf(exec, rows);
  return rows.map((row) => toCalibration(row, labels));
}

const toCalibration = (row: CalibrationRow, labels: ReadonlyMap<number, string>): Calibration => ({
  id: row.id,
  deviceId: row.deviceId,
  make: row.makeId !== null && row.makeName !== null ? { id: row.makeId, name: row.makeName } : null,
  model: row.modelId !== null && row.modelName !== null ? { id: row.modelId, name: row.modelName } : null,
  offset: row.offset,
  span: row.span,
  coefficients: row.coefficients,
  wavelength: row.wavelength,
  calibrationFile: row.storageKey
    ? { fileName: row.fileName ?? 'calibration', pathName: calibrationFilePathName(row.deviceId, row.id) }
    : null,
  lastCalibration: row.lastCalibration?.toISOString() ?? null,
  lastClean: row.lastClean?.toISOString() ?? null,
  comment: row.comment,
  date: row.calibratedAt.toISOString(),
  signalStrength: row.signalStrength,
  checkKind: row.checkKind,
  parameters: row.parameterIds?.map((id) => ({ id, label: labels.get(id) ?? String(id) })) ?? null,
  recordedBy: row.recordedBy,
  createdAt: row.createdAt.toISOString(),
});

const selectCalibrations = (exec: Executor) =>
  exec
    .select(calibrationColumns)
    .from(deviceCalibrations)
    .leftJoin(models, eq(models.id, deviceCalibrations.modelId))
    .leftJoin(makes, eq(makes.id, models.makeId))
    .leftJoin(users, eq(users.id, deviceCalibrations.recordedBy));

/** Newest first: by when the calibration was done, then by when it was recorded. */
const NEWEST_FIRST = [desc(deviceCalibrations.calibratedAt), desc(deviceCalibrations.id)] as const;

export async function findLatestCalibration(
  exec: Executor,
  deviceId: number,
): Promise<Calibration | undefined> {
  const [row] = await selectCalibrations(exec)
    .where(eq(deviceCalibrations.deviceId, deviceId))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return row ? (await toCalibrations(exec, [row]))[0] : undefined;
}

export async function findCalibration(exec: Executor, id: number): Promise<Calibration | undefined> {
  const [row] = await selectCalibrations(exec).where(eq(deviceCalibrations.id, id)).limit(1);
  return row ? (await toCalibrations(exec, [row]))[0] : undefined;
}

/** The device's calibrations but `exceptId` (the latest), newest first, one page. */
export async function findCalibrationsPage(
  exec: Executor,
  deviceId: number,
  exceptId: number | null,
  request: { page: number; pageSize: number },
): Promise<Page<Calibration>> {
  const where: SQL | undefined = and(
    eq(deviceCalibrations.deviceId, deviceId),
    exceptId === null ? undefined : ne(deviceCalibrations.id, exceptId),
  );
  return readPage(exec, request, {
    rows: async (limit, offset) => {
      const rows = await selectCalibrations(exec)
        .where(where)
        .orderBy(...NEWEST_FIRST)
        .limit(limit)
        .offset(offset);
      return toCalibrations(exec, rows);
    },
    matches: () =>
      exec.select({ id: deviceCalibrations.id }).from(deviceCalibrations).where(where).$dynamic(),
    countKey: ['previous calibrations', deviceId, exceptId],
  });
}

export type CalibrationValues = Omit<CalibrationBody, 'deviceId'>;

export async function insertCalibration(
  exec: Executor,
  device: DeviceRef,
  recordedBy: number,
  values: CalibrationValues,
  file: { fileName: string; storageKey: string } | null,
): Promise<number> {
  const [row] = await exec
    .insert(deviceCalibrations)
    .values({
      deviceId: device.id,
      tenantId: device.tenantId,
      modelId: values.modelId,
      offset: values.offset,
      span: values.span,
      coefficients: values.coefficients,
      wavelength: values.wavelength,
      fileName: file?.fileName ?? null,
      storageKey: file?.storageKey ?? null,
      lastCalibration: values.lastCalibration === null ? null : new Date(values.lastCalibration),
      lastClean: values.lastClean === null ? null : new Date(values.lastClean),
      comment: values.comment,
      calibratedAt: new Date(values.date),
      signalStrength: values.signalStrength,
      checkKind: values.checkKind,
      parameterIds: values.parameterIds,
      recordedBy,
    })
    .returning({ id: deviceCalibrations.id });
  return row!.id;
}

/** Which of `parameterIds` are not parameters of the device. */
export async function findForeignParameterIds(
  exec: Executor,
  deviceId: number,
  parameterIds: readonly number[],
): Promise<number[]> {
  const rows = await exec
    .select({ parameterId: deviceParams.parameterId })
    .from(deviceParams)
    .where(and(eq(deviceParams.deviceId, deviceId), inArray(deviceParams.parameterId, [...parameterIds])));
  const own = new Set(rows.map((row) => row.parameterId));
  return parameterIds.filter((id) => !own.has(id));
}

// ── Auto clean / calibrate requests ─────────────────────────────────────────

const actionColumns = {
  id: deviceActions.id,
  deviceId: deviceActions.deviceId,
  action: deviceActions.action,
  result: deviceActions.result,
  requestedBy: users.name,
  requestedAt: deviceActions.requestedAt,
  completedAt: deviceActions.completedAt,
};

type ActionRow = Omit<DeviceAction, 'requestedAt' | 'completedAt'> & {
  requestedAt: Date;
  completedAt: Date | null;
};

const toDeviceAction = (row: ActionRow): DeviceAction => ({
  ...row,
  requestedAt: row.requestedAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

export async function findDeviceActions(
  exec: Executor,
  deviceId: number,
  limit: number,
): Promise<DeviceAction[]> {
  const rows = await exec
    .select(actionColumns)
    .from(deviceActions)
    .leftJoin(users, eq(users.id, deviceActions.requestedBy))
    .where(eq(deviceActions.deviceId, deviceId))
    .orderBy(desc(deviceActions.requestedAt), desc(deviceActions.id))
    .limit(limit);
  return rows.map(toDeviceAction);
}

export async function insertDeviceAction(
  exec: Executor,
  device: DeviceRef,
  action: DeviceActionKind,
  requestedBy: number,
): Promise<DeviceAction> {
  const [inserted] = await exec
    .insert(deviceActions)
    .values({ deviceId: device.id, tenantId: device.tenantId, action, requestedBy })
    .returning({ id: deviceActions.id });
  const [row] = await exec
    .select(actionColumns)
    .from(deviceActions)
    .leftJoin(users, eq(users.id, deviceActions.requestedBy))
    .where(eq(deviceActions.id, inserted!.id))
    .limit(1);
  return toDeviceAction(row!);
}
