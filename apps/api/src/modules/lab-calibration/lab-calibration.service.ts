import {
  CALIBRATION_PROTOCOL,
  classifyParameter,
  getCalibrationStanding,
  LAB_REPORT_MESSAGES,
  type CalibrationScheduleItem,
  type CalibrationScheduleQuery,
  type DeviceAction,
  type LabReport,
  type LabReportContentType,
  type LabReportFields,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isPdf, isPlainText, sniffImageType, type FileStore } from '../../lib/file-store.js';
import type { UploadedFile } from '../../lib/multipart-form.js';
import { findAddressOwner } from '../accounts/addresses.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { findDevice } from '../device-records/device-records.repository.js';
import type { DataSender } from '../telemetry/data-tokens.js';
import {
  completeAction,
  deleteLabReport,
  findActionForTenants,
  findAction,
  findActionOfDevice,
  findCatalogueLabels,
  findLabReport,
  findLabReportFile,
  findLabReportsPage,
  findMonitoringPoint,
  findSchedulePage,
  insertLabReport,
  type ActionRef,
  type PointRef,
  type ProtocolRow,
} from './lab-calibration.repository.js';

const EXTENSIONS: Record<LabReportContentType, string> = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** A ZIP archive's end-of-central-directory record: 22 bytes and a comment of at most 65,535. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_END_WINDOW = 22 + 0xffff;

/**
 * Whether the bytes are an Office Open XML workbook: a whole ZIP archive
 * (local file header `PK\x03\x04` at the start, its end-of-central-directory
 * record at the end) whose entries include the workbook part `xl/`.
 */
function isXlsx(data: Buffer): boolean {
  if (data.length < 30 + 22 || data.readUInt32LE(0) !== 0x04034b50) return false;
  if (data.subarray(Math.max(0, data.length - ZIP_END_WINDOW)).lastIndexOf(ZIP_END) < 0) return false;
  return data.includes('xl/workbook', 0, 'latin1') || data.includes('xl/_rels', 0, 'latin1');
}

/** A lab report's type from its bytes (text is CSV), or null for anything else. */
export function labReportTypeOf(data: Buffer): LabReportContentType | null {
  if (isPdf(data)) return 'application/pdf';
  const image = sniffImageType(data);
  if (image === 'image/png' || image === 'image/jpeg') return image;
  if (isXlsx(data)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (isPlainText(data)) return 'text/csv';
  return null;
}

/** The protocol's checks for each catalogue parameter it schedules. */
function protocolOf(catalogue: readonly { id: number; label: string }[]): ProtocolRow[] {
  return catalogue.flatMap((parameter) => {
    const parameterClass = classifyParameter(parameter.label);
    if (!parameterClass) return [];
    return CALIBRATION_PROTOCOL[parameterClass].map((check) => ({
      parameterId: parameter.id,
      parameterClass,
      check: check.check,
      interval: check.interval,
    }));
  });
}

const actionCompleted = () =>
  new AppError(
    'BUSINESS_RULE',
    'This request already has a result: only a requested action can be marked done or failed.',
    undefined,
    { reason: 'actionCompleted' },
  );

export function createLabCalibrationService({
  db,
  files,
  now = () => new Date(),
}: {
  db: Database;
  files: FileStore;
  now?: () => Date;
}) {
  /** The point and its industry, when the caller can see them (404 otherwise). */
  async function visiblePoint(exec: Executor, ctx: RequestContext, id: number) {
    const scope = scopeOf(ctx.principal);
    const point = await findMonitoringPoint(exec, scope, id);
    const industry = point && (await findAddressOwner(exec, scope, point.tenantId));
    if (!point || !industry) throw notFound('Monitoring point');
    return { point, industry };
  }

  async function changeablePoint(exec: Executor, ctx: RequestContext, id: number): Promise<PointRef> {
    const { point, industry } = await visiblePoint(exec, ctx, id);
    if (!canChangeAccount(ctx.principal, industry)) {
      throw forbidden("You are not allowed to change this monitoring point's lab reports.");
    }
    return point;
  }

  /** Records the result in `tx` with its audit row, and answers the action as the device's list shows it. */
  async function complete(
    tx: Executor,
    actor: AuditActor | RequestContext,
    action: ActionRef,
    result: 'DONE' | 'FAILED',
  ): Promise<DeviceAction> {
    if (action.result !== 'REQUESTED' || !(await completeAction(tx, action.id, result))) {
      throw actionCompleted();
    }
    await recordAudit(tx, actor, {
      entity: 'device_action',
      entityId: action.id,
      action: 'UPDATE',
      tenantId: action.tenantId,
      oldValue: { result: action.result },
      newValue: { deviceId: action.deviceId, action: action.action, result },
    });
    return (await findAction(tx, action.id))!;
  }

  return {
    async getSchedule(
      ctx: RequestContext,
      query: CalibrationScheduleQuery,
    ): Promise<Page<CalibrationScheduleItem>> {
      const at = now();
      const protocol = protocolOf(await findCatalogueLabels(db));
      const page = await findSchedulePage(
        db,
        scopeOf(ctx.principal),
        protocol,
        { tenantId: query.tenantId, deviceId: query.deviceId, status: query.status },
        { page: query.page, pageSize: query.pageSize },
        at,
      );
      return {
        ...page,
        items: page.items.map((row) => {
          const doneAt = row.doneAtMs === null ? null : new Date(row.doneAtMs);
          const standing = getCalibrationStanding(doneAt, row.interval, at);
          return {
            tenant: { id: row.tenantId, name: row.tenantName },
            monitoringPoint: { id: row.pointId, name: row.pointName },
            device: { id: row.deviceId, name: row.deviceName },
            parameter: { id: row.parameterId, label: row.parameterLabel },
            parameterClass: row.parameterClass,
            check: row.check,
            interval: row.interval,
            lastDone:
              doneAt && row.calibrationId !== null
                ? {
                    calibrationId: row.calibrationId,
                    at: doneAt.toISOString(),
                    by: row.doneBy,
                    check: row.doneKind ?? row.check,
                  }
                : null,
            dueAt: standing.dueAt?.toISOString() ?? null,
            marker: standing.marker,
          };
        }),
      };
    },

    /** An admin records what came of a request on a device they may change. */
    async recordActionResult(
      ctx: RequestContext,
      deviceId: number,
      actionId: number,
      result: 'DONE' | 'FAILED',
    ): Promise<DeviceAction> {
      return db.transaction(async (tx) => {
        const scope = scopeOf(ctx.principal);
        const device = await findDevice(tx, scope, deviceId);
        const industry = device && (await findAddressOwner(tx, scope, device.tenantId));
        if (!device || !industry) throw notFound('Device');
        if (!canChangeAccount(ctx.principal, industry)) {
          throw forbidden("You are not allowed to change this device's records.");
        }
        const action = await findActionOfDevice(tx, device.id, actionId);
        if (!action) throw notFound('Device action');
        return complete(tx, ctx, action, result);
      });
    },

    /** The device's edge gateway (or push-data app) reports the result with its data token. */
    async reportActionResult(
      sender: DataSender,
      client: { requestId: string; ip: string },
      actionId: number,
      result: 'DONE' | 'FAILED',
    ): Promise<DeviceAction> {
      return db.transaction(async (tx) => {
        const action = await findActionForTenants(tx, [...sender.tenantIds], actionId);
        if (!action) throw notFound('Device action');
        const actor: AuditActor = {
          userId: null,
          userName: `${sender.kind === 'edge' ? 'edge client' : 'app'} ${sender.ownerId}`,
          accountId: action.tenantId,
          actingTenantId: null,
          requestId: client.requestId,
          ip: client.ip,
        };
        return complete(tx, actor, action, result);
      });
    },

    async listLabReports(
      ctx: RequestContext,
      query: { monitoringPointId: number; page: number; pageSize: number },
    ): Promise<Page<LabReport>> {
      const { point } = await visiblePoint(db, ctx, query.monitoringPointId);
      return findLabReportsPage(db, point, query);
    },

    /** Refuses (400, 404, 403) before the file is kept. */
    async assertMayUploadTo(ctx: RequestContext, pointId: number): Promise<void> {
      await changeablePoint(db, ctx, pointId);
    },

    /**
     * Checks the file by content, stores it, then writes the row and its
     * audit row in one transaction; the stored file goes again when that fails.
     */
    async uploadLabReport(
      ctx: RequestContext,
      fields: LabReportFields,
      file: UploadedFile | undefined,
    ): Promise<LabReport> {
      if (!file || file.data.length === 0) {
        throw badRequest('The request has invalid fields.', [
          { path: 'file', message: LAB_REPORT_MESSAGES.fileRequired, code: 'FIELD_REQUIRED' },
        ]);
      }
      const point = await changeablePoint(db, ctx, fields.monitoringPointId);
      const contentType = labReportTypeOf(file.data);
      if (!contentType) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          LAB_REPORT_MESSAGES.fileType,
          [
            {
              path: 'file',
              message: `"${file.fileName}": ${LAB_REPORT_MESSAGES.fileType}`,
              code: 'FIELD_INVALID',
            },
          ],
          { fileNames: file.fileName },
        );
      }
      const storageKey = await files.put(`lab-reports/${point.id}`, file.data, EXTENSIONS[contentType]);
      try {
        return await db.transaction(async (tx) => {
          const current = await changeablePoint(tx, ctx, point.id);
          const id = await insertLabReport(tx, current, ctx.principal.userId, {
            title: fields.title,
            labName: fields.labName,
            sampledOn: fields.sampledOn,
            comment: fields.comment,
            fileName: file.fileName,
            contentType,
            sizeBytes: file.data.length,
            storageKey,
          });
          await recordAudit(tx, ctx, {
            entity: 'lab_report',
            entityId: id,
            action: 'CREATE',
            tenantId: current.tenantId,
            oldValue: null,
            newValue: { ...fields, fileName: file.fileName, contentType, size: file.data.length },
          });
          return (await findLabReport(tx, id))!;
        });
      } catch (error) {
        await files.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    async readLabReportFile(ctx: RequestContext, id: number) {
      const report = await findLabReportFile(db, scopeOf(ctx.principal), id);
      if (!report) throw notFound('Lab report');
      const data = await files.get(report.storageKey);
      if (!data) throw notFound('Lab report');
      return { data, fileName: report.fileName, contentType: report.contentType };
    },

    /** Deletes the row with its audit row; the file goes once that has committed. */
    async deleteLabReport(ctx: RequestContext, id: number): Promise<void> {
      const storageKey = await db.transaction(async (tx) => {
        const report = await findLabReportFile(tx, scopeOf(ctx.principal), id);
        if (!report) throw notFound('Lab report');
        const point = await changeablePoint(tx, ctx, report.monitoringPointId);
        const removed = await deleteLabReport(tx, report.id);
        if (!removed) throw notFound('Lab report');
        const { storageKey: key, ...values } = removed;
        await recordAudit(tx, ctx, {
          entity: 'lab_report',
          entityId: removed.id,
          action: 'DELETE',
          tenantId: point.tenantId,
          oldValue: values,
          newValue: null,
        });
        return key;
      });
      await files.delete(storageKey).catch(() => undefined);
    },
  };
}

export type LabCalibrationService = ReturnType<typeof createLabCalibrationService>;
