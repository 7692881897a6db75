import { and, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { OfflineReason, OfflineRemark, OfflineRemarkState, Page } from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, devices, monitoringPoints, offlineRemarks, users } from '../../db/schema/index.js';
import { readPage } from '../../lib/paging.js';

const columns = {
  id: offlineRemarks.id,
  tenantId: offlineRemarks.tenantId,
  tenantName: accounts.name,
  deviceId: devices.id,
  deviceName: devices.name,
  serialNumber: devices.serialNumber,
  monitoringPointId: monitoringPoints.id,
  monitoringPointName: monitoringPoints.name,
  reason: offlineRemarks.reason,
  remark: offlineRemarks.remark,
  expectedRestoration: offlineRemarks.expectedRestoration,
  createdBy: users.name,
  createdAt: offlineRemarks.createdAt,
  resolvedAt: offlineRemarks.resolvedAt,
};

type Row = {
  id: number;
  tenantId: number;
  tenantName: string;
  deviceId: number;
  deviceName: string;
  serialNumber: string;
  monitoringPointId: number;
  monitoringPointName: string;
  reason: OfflineReason;
  remark: string | null;
  expectedRestoration: string | null;
  createdBy: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
};

const toRemark = (row: Row): OfflineRemark => ({
  id: row.id,
  tenant: { id: row.tenantId, name: row.tenantName },
  device: { id: row.deviceId, name: row.deviceName, serialNumber: row.serialNumber },
  monitoringPoint: { id: row.monitoringPointId, name: row.monitoringPointName },
  reason: row.reason,
  remark: row.remark,
  expectedRestoration: row.expectedRestoration,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** The remarks with their device, its monitoring point, the industry and the author. */
const selectRemarks = (exec: Executor) =>
  exec
    .select(columns)
    .from(offlineRemarks)
    .innerJoin(devices, eq(devices.id, offlineRemarks.deviceId))
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, devices.monitoringPointId))
    .innerJoin(accounts, eq(accounts.id, offlineRemarks.tenantId))
    .leftJoin(users, eq(users.id, offlineRemarks.createdBy));

export interface OfflineRemarkFilter {
  scope: DataScope;
  tenantId?: number | undefined;
  deviceId?: number | undefined;
  state?: OfflineRemarkState | undefined;
}

/** One page of remarks, newest first, filtered and paged in SQL. */
export function findOfflineRemarksPage(
  exec: Executor,
  filter: OfflineRemarkFilter,
  request: { page: number; pageSize: number },
): Promise<Page<OfflineRemark>> {
  const where: SQL | undefined = and(
    tenantRowsWhere(filter.scope, offlineRemarks.tenantId),
    filter.tenantId === undefined ? undefined : eq(offlineRemarks.tenantId, filter.tenantId),
    filter.deviceId === undefined ? undefined : eq(offlineRemarks.deviceId, filter.deviceId),
    filter.state === 'open'
      ? isNull(offlineRemarks.resolvedAt)
      : filter.state === 'resolved'
        ? isNotNull(offlineRemarks.resolvedAt)
        : undefined,
  );
  return readPage(exec, request, {
    rows: async (limit, offset) =>
      (
        await selectRemarks(exec)
          .where(where)
          .orderBy(desc(offlineRemarks.createdAt), desc(offlineRemarks.id))
          .limit(limit)
          .offset(offset)
      ).map(toRemark),
    matches: () => exec.select({ id: offlineRemarks.id }).from(offlineRemarks).where(where).$dynamic(),
    countKey: ['offline remarks', filter],
  });
}

/** One remark within the scope. */
export async function findOfflineRemark(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<OfflineRemark | undefined> {
  const [row] = await selectRemarks(exec)
    .where(and(eq(offlineRemarks.id, id), tenantRowsWhere(scope, offlineRemarks.tenantId)))
    .limit(1);
  return row ? toRemark(row) : undefined;
}

/**
 * The device (not deleted) within the scope, held until the transaction ends
 * so that two remarks on it are added one after the other: the second sees
 * the first and is refused.
 */
export async function lockDeviceForRemark(exec: Executor, scope: DataScope, deviceId: number) {
  const [row] = await exec
    .select({ id: devices.id, tenantId: devices.tenantId })
    .from(devices)
    .where(
      and(eq(devices.id, deviceId), ne(devices.status, 'DELETED'), tenantRowsWhere(scope, devices.tenantId)),
    )
    .for('no key update')
    .limit(1);
  return row;
}

/** The device's open remark (not yet marked restored), if it has one. */
export async function findOpenRemarkId(exec: Executor, deviceId: number): Promise<number | undefined> {
  const [row] = await exec
    .select({ id: offlineRemarks.id })
    .from(offlineRemarks)
    .where(and(eq(offlineRemarks.deviceId, deviceId), isNull(offlineRemarks.resolvedAt)))
    .limit(1);
  return row?.id;
}

export async function insertOfflineRemark(
  exec: Executor,
  values: {
    deviceId: number;
    tenantId: number;
    reason: OfflineReason;
    remark: string | null;
    expectedRestoration: string;
    createdBy: number | null;
  },
): Promise<number> {
  const [row] = await exec.insert(offlineRemarks).values(values).returning({ id: offlineRemarks.id });
  return row!.id;
}

/** Closes the remark if it is still open; false when it was closed already. */
export async function resolveOfflineRemark(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(offlineRemarks)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(offlineRemarks.id, id), isNull(offlineRemarks.resolvedAt)))
    .returning({ id: offlineRemarks.id });
  return rows.length > 0;
}
