import type { UploadedFile } from '../../lib/multipart-form.js';
import {
  CALIBRATION_MESSAGES,
  DEVICE_ACTIONS_SHOWN,
  MAX_DOCUMENTS_PER_DEVICE,
  parseRecordPathName,
  type Calibration,
  type CalibrationBody,
  type DeviceAction,
  type DeviceActionKind,
  type DeviceDocuments,
  type DocumentFields,
  type FieldError,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isPdf, isPlainText, sniffImageType, type FileStore } from '../../lib/file-store.js';
import { findAddressOwner } from '../accounts/addresses.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  countDocumentFiles,
  deleteDocumentFile,
  findCalibration,
  findCalibrationFile,
  findCalibrationsPage,
  findDevice,
  findDeviceActions,
  findDocumentFields,
  findDocumentFile,
  findDocumentFiles,
  findForeignParameterIds,
  findLatestCalibration,
  insertCalibration,
  insertDeviceAction,
  insertDocumentFiles,
  isCalibratorModel,
  saveDocumentFields,
  type DeviceRef,
  type NewDocumentFile,
} from './device-records.repository.js';

/** A file part of an upload, as the form sent it. */

export const DOCUMENT_TYPE_MESSAGE = 'A supporting document must be a PDF, PNG or JPEG file';
export const CALIBRATION_FILE_TYPE_MESSAGE = 'A calibration file must be a PDF, CSV or plain text file';
const NOTHING_SENT = 'Send a document detail or a file.';

const DOCUMENT_EXTENSIONS = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
type DocumentContentType = keyof typeof DOCUMENT_EXTENSIONS;
const CALIBRATION_EXTENSIONS = { 'application/pdf': 'pdf', 'text/csv': 'csv', 'text/plain': 'txt' } as const;
type CalibrationContentType = keyof typeof CALIBRATION_EXTENSIONS;

/** The type a stored file is served with, from the extension its key was given when it was stored. */
const TYPE_OF_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** A supporting document's type from its bytes: PDF, PNG or JPEG, or null. */
function documentTypeOf(data: Buffer): DocumentContentType | null {
  if (isPdf(data)) return 'application/pdf';
  const image = sniffImageType(data);
  return image === 'image/png' || image === 'image/jpeg' ? image : null;
}

/** A calibration file's type from its bytes (text named .csv is CSV), or null. */
function calibrationTypeOf(file: UploadedFile): CalibrationContentType | null {
  if (isPdf(file.data)) return 'application/pdf';
  if (!isPlainText(file.data)) return null;
  return /\.csv$/i.test(file.fileName) ? 'text/csv' : 'text/plain';
}

export function createDeviceRecordsService({ db, files }: { db: Database; files: FileStore }) {
  /** The device and its industry, when the caller can see them (404 otherwise). */
  async function visibleDevice(exec: Executor, ctx: RequestContext, id: number, lock = false) {
    const scope = scopeOf(ctx.principal);
    const device = await findDevice(exec, scope, id, { lock });
    const industry = device && (await findAddressOwner(exec, scope, device.tenantId));
    if (!device || !industry) throw notFound('Device');
    return { device, industry };
  }

  /** The device, when the caller can see it (404) and change its industry (403). */
  async function changeableDevice(exec: Executor, ctx: RequestContext, id: number, lock = false) {
    const { device, industry } = await visibleDevice(exec, ctx, id, lock);
    if (!canChangeAccount(ctx.principal, industry)) {
      throw forbidden("You are not allowed to change this device's records.");
    }
    return device;
  }

  async function documentsOf(exec: Executor, device: DeviceRef): Promise<DeviceDocuments> {
    return {
      deviceId: device.id,
      fields: await findDocumentFields(exec, device.id),
      files: await findDocumentFiles(exec, device.id, MAX_DOCUMENTS_PER_DEVICE),
    };
  }

  const documentLimit = () =>
    new AppError(
      'BUSINESS_RULE',
      `A device may hold at most ${MAX_DOCUMENTS_PER_DEVICE} supporting documents. Remove some before adding more.`,
      undefined,
      { limit: MAX_DOCUMENTS_PER_DEVICE },
    );

  /** Removes files stored for a write that did not commit; a file left behind only takes space. */
  const removeStored = (keys: readonly string[]) =>
    Promise.all(keys.map((key) => files.delete(key).catch(() => undefined)));

  return {
    /** Refuses (404, 403) before an upload is read. */
    async assertMayChangeDevice(ctx: RequestContext, id: number): Promise<void> {
      await changeableDevice(db, ctx, id);
    },

    async getDocuments(ctx: RequestContext, id: number): Promise<DeviceDocuments> {
      const { device } = await visibleDevice(db, ctx, id);
      return documentsOf(db, device);
    },

    /**
     * Replaces the detail fields sent and adds the files. Every file is
     * checked by content before any is stored; the rows and the audit row
     * are written in one transaction, and the stored files are removed again
     * when it fails.
     */
    async uploadDocuments(
      ctx: RequestContext,
      id: number,
      fields: Partial<DocumentFields>,
      uploaded: readonly UploadedFile[],
    ): Promise<DeviceDocuments> {
      if (Object.keys(fields).length === 0 && uploaded.length === 0) throw badRequest(NOTHING_SENT);
      const device = await changeableDevice(db, ctx, id);

      const refused: FieldError[] = [];
      const checked = uploaded.map((file) => {
        const contentType = documentTypeOf(file.data);
        if (!contentType) {
          refused.push({
            path: 'files',
            message: `"${file.fileName}": ${DOCUMENT_TYPE_MESSAGE}`,
            code: 'FIELD_INVALID',
          });
        }
        return { ...file, contentType };
      });
      if (refused.length > 0) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TYPE_MESSAGE, refused, {
          fileNames: uploaded
            .filter((_, index) => checked[index]!.contentType === null)
            .map((file) => file.fileName)
            .join(', '),
        });
      }
      if ((await countDocumentFiles(db, device.id)) + uploaded.length > MAX_DOCUMENTS_PER_DEVICE) {
        throw documentLimit();
      }

      const stored: NewDocumentFile[] = [];
      try {
        for (const file of checked) {
          const contentType = file.contentType!;
          const storageKey = await files.put(
            `device-documents/${device.id}`,
            file.data,
            DOCUMENT_EXTENSIONS[contentType],
          );
          stored.push({ fileName: file.fileName, contentType, size: file.data.length, storageKey });
        }
        return await db.transaction(async (tx) => {
          const locked = await changeableDevice(tx, ctx, id, true);
          if ((await countDocumentFiles(tx, locked.id)) + stored.length > MAX_DOCUMENTS_PER_DEVICE) {
            throw documentLimit();
          }
          const before = await findDocumentFields(tx, locked.id);
          await saveDocumentFields(tx, locked, fields);
          const added = await insertDocumentFiles(tx, locked, ctx.principal.userId, stored);
          const changed = (Object.keys(fields) as (keyof DocumentFields)[]).filter(
            (key) => before[key] !== fields[key],
          );
          await recordAudit(tx, ctx, {
            entity: 'device_document',
            entityId: locked.id,
            action: 'UPDATE',
            tenantId: locked.tenantId,
            oldValue: { fields: Object.fromEntries(changed.map((key) => [key, before[key]])) },
            newValue: {
              fields: Object.fromEntries(changed.map((key) => [key, fields[key]])),
              filesAdded: added,
            },
          });
          return documentsOf(tx, locked);
        });
      } catch (error) {
        await removeStored(stored.map((file) => file.storageKey));
        throw error;
      }
    },

    /** Removes one file; the stored bytes go once the removal has committed. */
    async deleteDocumentFile(ctx: RequestContext, id: number, fileId: number): Promise<DeviceDocuments> {
      const { documents, storageKey } = await db.transaction(async (tx) => {
        const device = await changeableDevice(tx, ctx, id, true);
        const removed = await deleteDocumentFile(tx, device.id, fileId);
        if (!removed) throw notFound('Document');
        const { storageKey: key, ...file } = removed;
        await recordAudit(tx, ctx, {
          entity: 'device_document',
          entityId: device.id,
          action: 'DELETE',
          tenantId: device.tenantId,
          oldValue: { file },
          newValue: null,
        });
        return { documents: await documentsOf(tx, device), storageKey: key };
      });
      await removeStored([storageKey]);
      return documents;
    },

    /** The bytes a path name names, when the caller can see its device (404 otherwise). */
    async readFile(ctx: RequestContext, pathName: string) {
      const named = parseRecordPathName(pathName);
      if (!named) throw notFound('Document');
      await visibleDevice(db, ctx, named.deviceId);
      const scope = scopeOf(ctx.principal);
      const file =
        named.kind === 'document'
          ? await findDocumentFile(db, scope, named.deviceId, named.recordId)
          : await findCalibrationFile(db, scope, named.deviceId, named.recordId);
      if (!file) throw notFound('Document');
      const data = await files.get(file.storageKey);
      const extension = file.storageKey.split('.').pop() ?? '';
      const contentType = file.contentType ?? TYPE_OF_EXTENSION[extension];
      if (!data || !contentType) throw notFound('Document');
      return { data, contentType, fileName: file.fileName };
    },

    async getLatestCalibration(ctx: RequestContext, deviceId: number): Promise<Calibration | null> {
      const { device } = await visibleDevice(db, ctx, deviceId);
      return (await findLatestCalibration(db, device.id)) ?? null;
    },

    /** The calibrations before the latest, newest first. */
    async listPreviousCalibrations(
      ctx: RequestContext,
      query: { deviceId: number; page: number; pageSize: number },
    ): Promise<Page<Calibration>> {
      const { device } = await visibleDevice(db, ctx, query.deviceId);
      const latest = await findLatestCalibration(db, device.id);
      return findCalibrationsPage(db, device.id, latest?.id ?? null, query);
    },

    async createCalibration(
      ctx: RequestContext,
      body: CalibrationBody,
      file: UploadedFile | null,
    ): Promise<Calibration> {
      const { deviceId, ...values } = body;
      const device = await changeableDevice(db, ctx, deviceId);
      if (values.modelId !== null && !(await isCalibratorModel(db, values.modelId))) {
        throw badRequest('The request has invalid fields.', [
          { path: 'modelId', message: CALIBRATION_MESSAGES.calibratorModel, code: 'FIELD_INVALID' },
        ]);
      }
      if (values.parameterIds !== null) {
        const foreign = await findForeignParameterIds(db, device.id, values.parameterIds);
        if (foreign.length > 0) {
          throw badRequest('The request has invalid fields.', [
            {
              path: 'parameterIds',
              message: `${CALIBRATION_MESSAGES.parameters} (not of this device: ${foreign.join(', ')})`,
              code: 'FIELD_INVALID',
            },
          ]);
        }
      }
      const contentType = file ? calibrationTypeOf(file) : null;
      if (file && !contentType) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          CALIBRATION_FILE_TYPE_MESSAGE,
          [
            {
              path: 'calibrationFile',
              message: `"${file.fileName}": ${CALIBRATION_FILE_TYPE_MESSAGE}`,
              code: 'FIELD_INVALID',
            },
          ],
          { fileNames: file.fileName },
        );
      }
      const storageKey =
        file && contentType
          ? await files.put(`calibrations/${device.id}`, file.data, CALIBRATION_EXTENSIONS[contentType])
          : null;
      try {
        return await db.transaction(async (tx) => {
          const current = await changeableDevice(tx, ctx, deviceId);
          const stored = file && storageKey ? { fileName: file.fileName, storageKey } : null;
          const id = await insertCalibration(tx, current, ctx.principal.userId, values, stored);
          await recordAudit(tx, ctx, {
            entity: 'calibration',
            entityId: id,
            action: 'CREATE',
            tenantId: current.tenantId,
            oldValue: null,
            newValue: { deviceId: current.id, ...values, calibrationFile: stored?.fileName ?? null },
          });
          return (await findCalibration(tx, id))!;
        });
      } catch (error) {
        if (storageKey) await removeStored([storageKey]);
        throw error;
      }
    },

    async listActions(ctx: RequestContext, id: number): Promise<DeviceAction[]> {
      const { device } = await visibleDevice(db, ctx, id);
      return findDeviceActions(db, device.id, DEVICE_ACTIONS_SHOWN);
    },

    /** Asks an enabled device to clean itself or calibrate; its gateway reports the result later. */
    async requestAction(ctx: RequestContext, id: number, action: DeviceActionKind): Promise<DeviceAction> {
      return db.transaction(async (tx) => {
        const device = await changeableDevice(tx, ctx, id);
        if (device.status !== 'ENABLED') {
          throw new AppError(
            'BUSINESS_RULE',
            'This device is disabled: enable it before asking it to clean or calibrate.',
            undefined,
            { reason: 'deviceDisabled' },
          );
        }
        const created = await insertDeviceAction(tx, device, action, ctx.principal.userId);
        await recordAudit(tx, ctx, {
          entity: 'device_action',
          entityId: created.id,
          action: 'CREATE',
          tenantId: device.tenantId,
          oldValue: null,
          newValue: { deviceId: device.id, action, result: created.result },
        });
        return created;
      });
    },
  };
}

export type DeviceRecordsService = ReturnType<typeof createDeviceRecordsService>;
