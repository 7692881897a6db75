import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  CALIBRATION_INTERVALS,
  COUNT_LIMIT,
  DUE_WINDOW_DAYS,
  getPageCount,
  getPageOffset,
  type CalibrationCheck,
  type CalibrationInterval,
  type CalibrationMarker,
  type DeviceAction,
  type LabReport,
  type Page,
  type ParameterClass,
} from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  deviceActions,
  devices,
  labReports,
  monitoringPoints,
  parameters,
  users,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { readPage } from '../../lib/paging.js';

// ── Calibration schedule ────────────────────────────────────────────────────

/** The catalogue parameters (not deleted) with their labels, for the protocol's classes. */
export async function findCatalogueLabels(exec: Executor): Promise<{ id: number; label: string }[]> {
  return exec
    .select({ id: parameters.id, label: parameters.label })
    .from(parameters)
    .where(ne(parameters.status, 'DELETED'));
}

/** One check of one catalogue parameter, as the protocol asks it. */
export interface ProtocolRow {
  parameterId: number;
  parameterClass: ParameterClass;
  check: CalibrationCheck;
  interval: CalibrationInterval;
}

export interface ScheduleRow {
  tenantId: number;
  tenantName: string;
  pointId: number;
  pointName: string;
  deviceId: number;
  deviceName: string;
  parameterId: number;
  parameterLabel: string;
  parameterClass: ParameterClass;
  check: CalibrationCheck;
  interval: CalibrationInterval;
  calibrationId: number | null;
  doneAtMs: number | null;
  doneKind: CalibrationCheck | null;
  doneBy: string | null;
}

export interface ScheduleFilter {
  tenantId?: number | undefined;
  deviceId?: number | undefined;
  status?: CalibrationMarker | undefined;
}

/** India's wall clock is UTC + 5:30 all year. */
const IST = sql`interval '330 minutes'`;

/**
 * Every (device, parameter, check) of the enabled devices in scope, with the
 * latest calibration that covers it (one index probe per row on
 * device_calibrations_tenant_idx: tenant, device, check kind, time), its due
 * time on India's calendar (as `getCalibrationStanding` computes it) and its
 * marker at `now`.
 */
function scheduleSql(scope: DataScope, protocol: readonly ProtocolRow[], filter: ScheduleFilter, now: Date) {
  const values = sql.join(
    protocol.map((row) => {
      const { months, days } = CALIBRATION_INTERVALS[row.interval];
      return sql`(${row.parameterId}::int, ${row.check}::text, ${row.interval}::text, ${row.parameterClass}::text, ${months}::int, ${days}::int, ${DUE_WINDOW_DAYS[row.interval]}::int)`;
    }),
    sql`, `,
  );
  const at = sql`${now.toISOString()}::timestamptz`;
  const conditions: (SQL | undefined)[] = [
    sql`${devices.status} = 'ENABLED'`,
    tenantRowsWhere(scope, devices.tenantId),
    filter.tenantId === undefined ? undefined : sql`${devices.tenantId} = ${filter.tenantId}`,
    filter.deviceId === undefined ? undefined : sql`${devices.id} = ${filter.deviceId}`,
  ];
  const where = and(...conditions.filter((condition): condition is SQL => condition !== undefined));
  return sql`
    WITH protocol (parameter_id, check_kind, check_interval, parameter_class, months, days, window_days) AS (
      VALUES ${values}
    ),
    items AS (
      SELECT devices.tenant_id, accounts.name AS tenant_name,
             monitoring_points.id AS point_id, monitoring_points.name AS point_name,
             devices.id AS device_id, devices.name AS device_name, device_params.position,
             parameters.id AS parameter_id, parameters.label AS parameter_label,
             protocol.parameter_class, protocol.check_kind, protocol.check_interval, protocol.window_days,
             latest.id AS calibration_id, latest.calibrated_at, latest.check_kind AS done_kind, users.name AS done_by,
             ((latest.calibrated_at AT TIME ZONE 'UTC') + ${IST}
               + make_interval(months => protocol.months, days => protocol.days) - ${IST}) AT TIME ZONE 'UTC' AS due_at
        FROM devices
        JOIN accounts ON accounts.id = devices.tenant_id
        JOIN monitoring_points ON monitoring_points.id = devices.monitoring_point_id
        JOIN device_params ON device_params.device_id = devices.id AND device_params.enabled
        JOIN parameters ON parameters.id = device_params.parameter_id
        JOIN protocol ON protocol.parameter_id = device_params.parameter_id
        LEFT JOIN LATERAL (
          SELECT c.id, c.calibrated_at, c.check_kind, c.recorded_by
            FROM device_calibrations c
           WHERE c.tenant_id = devices.tenant_id AND c.device_id = devices.id
             AND (protocol.check_kind = 'TWO_POINT' OR c.check_kind = protocol.check_kind)
             AND (c.parameter_ids IS NULL OR device_params.parameter_id = ANY (c.parameter_ids))
           ORDER BY c.calibrated_at DESC, c.id DESC
           LIMIT 1
        ) latest ON true
        LEFT JOIN users ON users.id = latest.recorded_by
       WHERE ${where}
    ),
    marked AS (
      SELECT items.*,
             CASE WHEN calibrated_at IS NULL THEN 'NEVER'
                  WHEN ${at} > due_at THEN 'OVERDUE'
                  WHEN ${at} >= due_at - window_days * interval '1 day' THEN 'DUE'
                  ELSE 'OK' END AS marker
        FROM items
    )
    SELECT * FROM marked
     ${filter.status === undefined ? sql`` : sql`WHERE marker = ${filter.status}`}`;
}

type RawScheduleRow = {
  tenant_id: number;
  tenant_name: string;
  point_id: number;
  point_name: string;
  device_id: number;
  device_name: string;
  parameter_id: number;
  parameter_label: string;
  parameter_class: ParameterClass;
  check_kind: CalibrationCheck;
  check_interval: CalibrationInterval;
  calibration_id: number | null;
  done_ms: number | string | null;
  done_kind: CalibrationCheck | null;
  done_by: string | null;
};

/** A page of the schedule: overdue first, then never done, due, and OK; soonest due first within each. */
export async function findSchedulePage(
  exec: Executor,
  scope: DataScope,
  protocol: readonly ProtocolRow[],
  filter: ScheduleFilter,
  request: { page: number; pageSize: number },
  now: Date,
): Promise<Page<ScheduleRow>> {
  const { page, pageSize } = request;
  const offset = getPageOffset(page, pageSize);
  const empty = { items: [], page, pageSize, total: 0, totalKind: 'exact' as const, pageCount: 1 };
  if (protocol.length === 0) return empty;
  const base = scheduleSql(scope, protocol, filter, now);
  const raw = rowsOf<RawScheduleRow>(
    await exec.execute(sql`
      SELECT s.tenant_id, s.tenant_name, s.point_id, s.point_name, s.device_id, s.device_name,
             s.parameter_id, s.parameter_label, s.parameter_class, s.check_kind, s.check_interval,
             s.calibration_id, (extract(epoch FROM s.calibrated_at) * 1000)::float8 AS done_ms,
             s.done_kind, s.done_by
        FROM (${base}) s
       ORDER BY CASE s.marker WHEN 'OVERDUE' THEN 0 WHEN 'NEVER' THEN 1 WHEN 'DUE' THEN 2 ELSE 3 END,
                s.due_at NULLS FIRST, lower(s.tenant_name), lower(s.device_name), s.device_id,
                s.position, s.parameter_id, s.check_kind DESC
       LIMIT ${pageSize + 1} OFFSET ${offset}`),
  );
  const hasMore = raw.length > pageSize;
  const items = (hasMore ? raw.slice(0, pageSize) : raw).map((row): ScheduleRow => ({
    tenantId: Number(row.tenant_id),
    tenantName: row.tenant_name,
    pointId: Number(row.point_id),
    pointName: row.point_name,
    deviceId: Number(row.device_id),
    deviceName: row.device_name,
    parameterId: Number(row.parameter_id),
    parameterLabel: row.parameter_label,
    parameterClass: row.parameter_class,
    check: row.check_kind,
    interval: row.check_interval,
    calibrationId: row.calibration_id === null ? null : Number(row.calibration_id),
    doneAtMs: row.done_ms === null ? null : Number(row.done_ms),
    doneKind: row.done_kind,
    doneBy: row.done_by,
  }));
  let total: number;
  let totalKind: Page<ScheduleRow>['totalKind'] = 'exact';
  if (!hasMore && (items.length > 0 || offset === 0)) {
    total = offset + items.length;
  } else {
    const [counted] = rowsOf<{ n: number | string }>(
      await exec.execute(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${base}) s LIMIT ${COUNT_LIMIT + 1}) c`,
      ),
    );
    total = Number(counted?.n ?? 0);
    if (total > COUNT_LIMIT) totalKind = 'atLeast';
  }
  return {
    items,
    page,
    pageSize,
    total,
    totalKind,
    pageCount: Math.max(getPageCount(total, pageSize), hasMore ? page + 1 : 1),
  };
}

// ── Device action results ───────────────────────────────────────────────────

export interface ActionRef {
  id: number;
  deviceId: number;
  tenantId: number;
  action: 'AUTO_CLEAN' | 'CALIBRATE';
  result: 'REQUESTED' | 'DONE' | 'FAILED';
}

const actionRefColumns = {
  id: deviceActions.id,
  deviceId: deviceActions.deviceId,
  tenantId: deviceActions.tenantId,
  action: deviceActions.action,
  result: deviceActions.result,
};

/** The action of the device (its row locked until the transaction ends). */
export async function findActionOfDevice(
  exec: Executor,
  deviceId: number,
  actionId: number,
): Promise<ActionRef | undefined> {
  const [row] = await exec
    .select(actionRefColumns)
    .from(deviceActions)
    .where(and(eq(deviceActions.id, actionId), eq(deviceActions.deviceId, deviceId)))
    .limit(1)
    .for('update');
  return row;
}

/** The action when its device (not deleted) belongs to one of `tenantIds` (row locked). */
export async function findActionForTenants(
  exec: Executor,
  tenantIds: readonly number[],
  actionId: number,
): Promise<ActionRef | undefined> {
  if (tenantIds.length === 0) return undefined;
  const [row] = await exec
    .select(actionRefColumns)
    .from(deviceActions)
    .innerJoin(devices, eq(devices.id, deviceActions.deviceId))
    .where(
      and(
        eq(deviceActions.id, actionId),
        inArray(deviceActions.tenantId, [...tenantIds]),
        ne(devices.status, 'DELETED'),
      ),
    )
    .limit(1)
    .for('update', { of: deviceActions });
  return row;
}

/** The action as a device's list shows it. */
export async function findAction(exec: Executor, id: number): Promise<DeviceAction | undefined> {
  const [row] = await exec
    .select({
      id: deviceActions.id,
      deviceId: deviceActions.deviceId,
      action: deviceActions.action,
      result: deviceActions.result,
      requestedBy: users.name,
      requestedAt: deviceActions.requestedAt,
      completedAt: deviceActions.completedAt,
    })
    .from(deviceActions)
    .leftJoin(users, eq(users.id, deviceActions.requestedBy))
    .where(eq(deviceActions.id, id))
    .limit(1);
  return row
    ? {
        ...row,
        requestedAt: row.requestedAt.toISOString(),
        completedAt: row.completedAt?.toISOString() ?? null,
      }
    : undefined;
}

/** Sets the result of a REQUESTED action, completed now; false when it had one already. */
export async function completeAction(
  exec: Executor,
  actionId: number,
  result: 'DONE' | 'FAILED',
): Promise<boolean> {
  const rows = await exec
    .update(deviceActions)
    .set({ result, completedAt: sql`now()` })
    .where(and(eq(deviceActions.id, actionId), eq(deviceActions.result, 'REQUESTED')))
    .returning({ id: deviceActions.id });
  return rows.length > 0;
}

// ── Lab reports ─────────────────────────────────────────────────────────────

export interface PointRef {
  id: number;
  tenantId: number;
  name: string;
}

/** The monitoring point (not deleted) when its rows are within `scope`. */
export async function findMonitoringPoint(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<PointRef | undefined> {
  const [row] = await exec
    .select({ id: monitoringPoints.id, tenantId: monitoringPoints.tenantId, name: monitoringPoints.name })
    .from(monitoringPoints)
    .where(
      and(
        eq(monitoringPoints.id, id),
        ne(monitoringPoints.status, 'DELETED'),
        tenantRowsWhere(scope, monitoringPoints.tenantId),
      ),
    )
    .limit(1);
  return row;
}

const reportColumns = {
  id: labReports.id,
  tenantId: labReports.tenantId,
  pointId: monitoringPoints.id,
  pointName: monitoringPoints.name,
  title: labReports.title,
  labName: labReports.labName,
  sampledOn: labReports.sampledOn,
  comment: labReports.comment,
  fileName: labReports.fileName,
  contentType: labReports.contentType,
  size: labReports.sizeBytes,
  uploadedBy: users.name,
  uploadedAt: labReports.uploadedAt,
};

type ReportRow = {
  id: number;
  tenantId: number;
  pointId: number;
  pointName: string;
  title: string;
  labName: string | null;
  sampledOn: string;
  comment: string | null;
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: string | null;
  uploadedAt: Date;
};

const toLabReport = (row: ReportRow): LabReport => ({
  id: row.id,
  tenantId: row.tenantId,
  monitoringPoint: { id: row.pointId, name: row.pointName },
  title: row.title,
  labName: row.labName,
  sampledOn: row.sampledOn,
  comment: row.comment,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  uploadedBy: row.uploadedBy,
  uploadedAt: row.uploadedAt.toISOString(),
});

const selectReports = (exec: Executor) =>
  exec
    .select(reportColumns)
    .from(labReports)
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, labReports.monitoringPointId))
    .leftJoin(users, eq(users.id, labReports.uploadedBy));

/** The point's reports, newest sample first (lab_reports_point_idx). */
export async function findLabReportsPage(
  exec: Executor,
  point: PointRef,
  request: { page: number; pageSize: number },
): Promise<Page<LabReport>> {
  const where = and(eq(labReports.monitoringPointId, point.id), eq(labReports.tenantId, point.tenantId));
  return readPage(exec, request, {
    rows: async (limit, offset) => {
      const rows = await selectReports(exec)
        .where(where)
        .orderBy(desc(labReports.sampledOn), desc(labReports.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toLabReport);
    },
    matches: () => exec.select({ id: labReports.id }).from(labReports).where(where).$dynamic(),
    countKey: ['lab reports', point.id],
  });
}

export async function findLabReport(exec: Executor, id: number): Promise<LabReport | undefined> {
  const [row] = await selectReports(exec).where(eq(labReports.id, id)).limit(1);
  return row ? toLabReport(row) : undefined;
}

/** A report's stored file and owner, when within `scope` and of a point not deleted. */
export async function findLabReportFile(exec: Executor, scope: DataScope, id: number) {
  const [row] = await exec
    .select({
      id: labReports.id,
      tenantId: labReports.tenantId,
      monitoringPointId: labReports.monitoringPointId,
      fileName: labReports.fileName,
      contentType: labReports.contentType,
      storageKey: labReports.storageKey,
    })
    .from(labReports)
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, labReports.monitoringPointId))
    .where(
      and(
        eq(labReports.id, id),
        ne(monitoringPoints.status, 'DELETED'),
        tenantRowsWhere(scope, labReports.tenantId),
      ),
    )
    .limit(1);
  return row;
}

export interface NewLabReport {
  title: string;
  labName: string | null;
  sampledOn: string;
  comment: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
}

export async function insertLabReport(
  exec: Executor,
  point: PointRef,
  uploadedBy: number,
  report: NewLabReport,
): Promise<number> {
  const [row] = await exec
    .insert(labReports)
    .values({ ...report, tenantId: point.tenantId, monitoringPointId: point.id, uploadedBy })
    .returning({ id: labReports.id });
  return row!.id;
}

export async function deleteLabReport(exec: Executor, id: number) {
  const [row] = await exec.delete(labReports).where(eq(labReports.id, id)).returning({
    id: labReports.id,
    title: labReports.title,
    sampledOn: labReports.sampledOn,
    fileName: labReports.fileName,
    storageKey: labReports.storageKey,
    monitoringPointId: labReports.monitoringPointId,
  });
  return row;
}
