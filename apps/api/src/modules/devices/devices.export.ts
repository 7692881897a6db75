import { and, eq, sql } from 'drizzle-orm';
import type { DeviceExportQuery } from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, deviceParams, devices, makes, models, monitoringPoints } from '../../db/schema/index.js';
import { type CsvExport, type ExportBatch, humanize, inOrderOf, isAnyOf } from '../../lib/csv-export.js';
import { visibleIndustry } from '../accounts/industry-access.js';
import { type DeviceListFilter, devicesWhere } from './devices.repository.js';

/** The list's order: lower(name), then id (within one industry the same as the list's (tenant, name) order). */
const KEYS = [
  { expression: sql`lower(${devices.name})`, direction: 'asc', type: 'text' },
  { expression: devices.id, direction: 'asc', type: 'integer' },
] as const;

/** One batch in two steps, as the tenants' export: the batch's ids from the devices alone, then those rows by id. */
function selectBatch(exec: Executor, filter: DeviceListFilter) {
  const where = devicesWhere(filter);
  return async (batch: ExportBatch) => {
    const ids = await exec
      .select({ id: devices.id })
      .from(devices)
      .where(and(where, batch.after))
      .orderBy(...batch.orderBy)
      .limit(batch.limit);
    if (ids.length === 0) return [];
    const rows = await exec
      .select({
        id: devices.id,
        name: devices.name,
        serialNumber: devices.serialNumber,
        tag: devices.tag,
        tenantName: accounts.name,
        pointName: monitoringPoints.name,
        makeName: makes.name,
        modelName: models.name,
        dataUploadMethod: devices.dataUploadMethod,
        status: devices.status,
        parameterCount: sql<number>`(select count(*)::int from ${deviceParams}
          where ${and(eq(deviceParams.deviceId, devices.id), eq(deviceParams.enabled, true))})`,
        ...batch.cursor,
      })
      .from(devices)
      .innerJoin(accounts, eq(accounts.id, devices.tenantId))
      .innerJoin(monitoringPoints, eq(monitoringPoints.id, devices.monitoringPointId))
      .innerJoin(models, eq(models.id, devices.modelId))
      .innerJoin(makes, eq(makes.id, models.makeId))
      .where(isAnyOf(devices.id, ids));
    return inOrderOf(ids, rows);
  };
}

type DeviceExportRow = Awaited<ReturnType<ReturnType<typeof selectBatch>>>[number];

/**
 * `GET /api/devices/export`: the device list's rows for the same filters and
 * scope; an industry the caller cannot see is a 404, as for the list.
 */
export async function devicesExport(
  exec: Executor,
  ctx: RequestContext,
  query: DeviceExportQuery,
): Promise<CsvExport<DeviceExportRow>> {
  if (query.tenantId !== undefined) await visibleIndustry(exec, ctx, query.tenantId);
  return {
    name: 'devices',
    keys: KEYS,
    readBatch: selectBatch(exec, { ...query, scope: scopeOf(ctx.principal) }),
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'Name', value: (r) => r.name },
      { header: 'Serial number', value: (r) => r.serialNumber },
      { header: 'Tag', value: (r) => r.tag },
      { header: 'Industry', value: (r) => r.tenantName },
      { header: 'Monitoring point', value: (r) => r.pointName },
      { header: 'Make', value: (r) => r.makeName },
      { header: 'Model', value: (r) => r.modelName },
      { header: 'Data upload method', value: (r) => humanize(r.dataUploadMethod) },
      { header: 'Status', value: (r) => humanize(r.status) },
      { header: 'Enabled parameters', value: (r) => Number(r.parameterCount) },
    ],
  };
}
