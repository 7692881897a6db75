import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/**
 * The limit in force of parameters at a monitoring point, as the alerts
 * judge exceedances by it: the industry's own limit when it set one, else the
 * catalogue's standard (null: neither). Whether the alert is switched on does
 * not change the limit; reports count exceedances of it either way.
 */
export async function findLimitsInForce(
  exec: Executor,
  filter: { tenantId: number; monitoringPointId: number; parameterIds: readonly number[] },
): Promise<Map<number, number | null>> {
  if (filter.parameterIds.length === 0) return new Map();
  const ids = `{${filter.parameterIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = rowsOf<{ parameter_id: number; lim: number | string | null }>(
    await exec.execute(sql`
      SELECT p.id AS parameter_id, coalesce(al.custom_limit, p.standard_limit) AS lim
        FROM parameters p
        LEFT JOIN alert_limits al ON al.tenant_id = ${filter.tenantId}
                                 AND al.monitoring_point_id = ${filter.monitoringPointId}
                                 AND al.parameter_id = p.id
       WHERE p.id = ANY(${ids}::int4[])`),
  );
  return new Map(rows.map((row) => [row.parameter_id, row.lim === null ? null : Number(row.lim)]));
}
