import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { MonitoringPoint, MonitoringPointBody } from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, devices, monitoringPoints } from '../../db/schema/index.js';

export type MonitoringPointValues = Omit<MonitoringPointBody, 'version'>;

const columns = {
  id: monitoringPoints.id,
  tenantId: monitoringPoints.tenantId,
  name: monitoringPoints.name,
  entityType: monitoringPoints.entityType,
  latitude: monitoringPoints.latitude,
  longitude: monitoringPoints.longitude,
  properties: monitoringPoints.properties,
  // Written out with its table names: in a select from one table, drizzle leaves column names bare,
  // and a bare "id" inside the subquery would be the device's.
  deviceCount: sql<number>`(select count(*)::int from ${devices} d where d.monitoring_point_id = "monitoring_points"."id" and d.status <> 'DELETED')`,
  version: monitoringPoints.version,
  updatedAt: monitoringPoints.updatedAt,
};

type Row = Omit<MonitoringPoint, 'updatedAt'> & { updatedAt: Date };
const toMonitoringPoint = (row: Row): MonitoringPoint => ({
  ...row,
  deviceCount: Number(row.deviceCount),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Locks the industry's row for the rest of the transaction, so that two adds
 * at once cannot both pass the count under the limit.
 */
export async function lockIndustry(exec: Executor, tenantId: number) {
  await exec.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${tenantId} for update`);
}

/** The industry's monitoring points not deleted, by type and name (bounded by the per-industry limit). */
export async function listMonitoringPoints(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  limit: number,
): Promise<MonitoringPoint[]> {
  const rows = await exec
    .select(columns)
    .from(monitoringPoints)
    .where(
      and(
        eq(monitoringPoints.tenantId, tenantId),
        ne(monitoringPoints.status, 'DELETED'),
        tenantRowsWhere(scope, monitoringPoints.tenantId),
      ),
    )
    .orderBy(
      asc(monitoringPoints.entityType),
      asc(sql`lower(${monitoringPoints.name})`),
      asc(monitoringPoints.id),
    )
    .limit(limit);
  return rows.map(toMonitoringPoint);
}

export async function countMonitoringPoints(exec: Executor, tenantId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(monitoringPoints)
    .where(and(eq(monitoringPoints.tenantId, tenantId), ne(monitoringPoints.status, 'DELETED')));
  return row?.n ?? 0;
}

/** One monitoring point of the industry, not deleted and within the scope. */
export async function findMonitoringPoint(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  id: number,
): Promise<MonitoringPoint | undefined> {
  const [row] = await exec
    .select(columns)
    .from(monitoringPoints)
    .where(
      and(
        eq(monitoringPoints.id, id),
        eq(monitoringPoints.tenantId, tenantId),
        ne(monitoringPoints.status, 'DELETED'),
        tenantRowsWhere(scope, monitoringPoints.tenantId),
      ),
    )
    .limit(1);
  return row ? toMonitoringPoint(row) : undefined;
}

export async function insertMonitoringPoint(
  exec: Executor,
  tenantId: number,
  values: MonitoringPointValues,
): Promise<MonitoringPoint> {
  const [row] = await exec
    .insert(monitoringPoints)
    .values({ ...values, tenantId })
    .returning(columns);
  return toMonitoringPoint(row!);
}

/** Sets `values` on the point (not deleted) only if it is still at `version`; undefined when someone saved first. */
async function changeAtVersion(
  exec: Executor,
  id: number,
  version: number,
  values: Partial<MonitoringPointValues> & { status?: 'DELETED' },
): Promise<MonitoringPoint | undefined> {
  const [row] = await exec
    .update(monitoringPoints)
    .set({ ...values, version: sql`${monitoringPoints.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(monitoringPoints.id, id),
        eq(monitoringPoints.version, version),
        ne(monitoringPoints.status, 'DELETED'),
      ),
    )
    .returning(columns);
  return row ? toMonitoringPoint(row) : undefined;
}

/** Updates the point only if it is still at `version`; undefined when someone else saved first. */
export const updateMonitoringPoint = (
  exec: Executor,
  id: number,
  version: number,
  values: MonitoringPointValues,
) => changeAtVersion(exec, id, version, values);

/** Marks the point DELETED if it is still at `version`; undefined when someone else saved first. */
export const deleteMonitoringPoint = (exec: Executor, id: number, version: number) =>
  changeAtVersion(exec, id, version, { status: 'DELETED' });
