import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PublicDashboard, PublicDashboardOption } from '@vayu/domain';
import type { DatabaseHandle, Executor } from '../../db/client.js';
import { publicDashboards } from '../../db/schema/index.js';

type Query = Pick<DatabaseHandle, 'query'>;

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

type DashboardRow = typeof publicDashboards.$inferSelect;

/** A stored dashboard as the settings answer it. */
export function toPublicDashboard(row: DashboardRow): PublicDashboard {
  return {
    id: row.id,
    publicId: row.publicId,
    monitoringPointIds: row.monitoringPointIds,
    parameterIds: row.parameterIds,
    showCharts: row.showCharts,
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** The industry's live (not revoked) dashboard; with `forUpdate`, held until the transaction ends. */
export async function findLiveDashboard(
  exec: Executor,
  tenantId: number,
  options: { forUpdate?: boolean } = {},
): Promise<DashboardRow | undefined> {
  const query = exec
    .select()
    .from(publicDashboards)
    .where(and(eq(publicDashboards.tenantId, tenantId), isNull(publicDashboards.revokedAt)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function insertDashboard(
  exec: Executor,
  values: {
    tenantId: number;
    publicId: string;
    monitoringPointIds: number[];
    parameterIds: number[];
    showCharts: boolean;
    createdBy: number;
  },
): Promise<DashboardRow> {
  const [row] = await exec.insert(publicDashboards).values(values).returning();
  return row!;
}

/** Changes a live dashboard at the version read; undefined when it moved on meanwhile. */
export async function updateDashboard(
  exec: Executor,
  id: number,
  version: number,
  values: { monitoringPointIds: number[]; parameterIds: number[]; showCharts: boolean },
): Promise<DashboardRow | undefined> {
  const [row] = await exec
    .update(publicDashboards)
    .set({ ...values, version: sql`${publicDashboards.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(publicDashboards.id, id),
        eq(publicDashboards.version, version),
        isNull(publicDashboards.revokedAt),
      ),
    )
    .returning();
  return row;
}

export async function revokeDashboard(exec: Executor, id: number, userId: number): Promise<void> {
  await exec
    .update(publicDashboards)
    .set({ revokedAt: new Date(), revokedBy: userId, version: sql`${publicDashboards.version} + 1` })
    .where(and(eq(publicDashboards.id, id), isNull(publicDashboards.revokedAt)));
}

/**
 * The industry's monitoring points (not deleted) with the catalogue
 * parameters their devices measure: what a dashboard may show.
 */
export async function findDashboardOptions(
  database: Query,
  tenantId: number,
): Promise<PublicDashboardOption[]> {
  const rows = await database.query<{
    point_id: number;
    point_name: string;
    parameter_id: number | null;
    label: string | null;
    std_unit: string | null;
  }>(
    `SELECT mp.id AS point_id, mp.name AS point_name, p.id AS parameter_id, p.label, p.std_unit
       FROM monitoring_points mp
       LEFT JOIN LATERAL (
         SELECT DISTINCT dp.parameter_id FROM devices d
           JOIN device_params dp ON dp.device_id = d.id AND dp.enabled
          WHERE d.tenant_id = mp.tenant_id AND d.monitoring_point_id = mp.id AND d.status <> 'DELETED'
       ) used ON true
       LEFT JOIN parameters p ON p.id = used.parameter_id
      WHERE mp.tenant_id = $1 AND mp.status <> 'DELETED'
      ORDER BY lower(mp.name), mp.id, lower(p.label), p.id`,
    [tenantId],
  );
  const byPoint = new Map<number, PublicDashboardOption>();
  for (const row of rows) {
    let point = byPoint.get(row.point_id);
    if (!point) {
      point = { monitoringPointId: row.point_id, name: row.point_name, parameters: [] };
      byPoint.set(row.point_id, point);
    }
    if (row.parameter_id !== null) {
      point.parameters.push({ parameterId: row.parameter_id, label: row.label ?? '', unit: row.std_unit });
    }
  }
  return [...byPoint.values()];
}

/** The live dashboard a public id names, with its industry's name; undefined for any other text. */
export async function findDashboardByPublicId(database: Query, publicId: string) {
  const [row] = await database.query<{
    id: number;
    tenant_id: number;
    version: number;
    monitoring_point_ids: number[];
    parameter_ids: number[];
    show_charts: boolean;
    industry_name: string;
  }>(
    `SELECT pd.id, pd.tenant_id, pd.version, pd.monitoring_point_ids, pd.parameter_ids, pd.show_charts,
            a.name AS industry_name
       FROM public_dashboards pd JOIN accounts a ON a.id = pd.tenant_id
      WHERE pd.public_id = $1 AND pd.revoked_at IS NULL AND a.type = 'tenant' AND a.status <> 'DELETED'`,
    [publicId],
  );
  return row;
}

export interface PublishedSeriesRow extends Record<string, unknown> {
  point_id: number;
  point_name: string;
  device_id: number;
  parameter_id: number;
  param_key: string;
  label: string;
  std_unit: string | null;
  metric_agg: 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COUNT';
  is_counter: boolean;
  last_data_at: Date | string | null;
}

/**
 * The chosen parameters measured at the chosen points (devices not deleted,
 * parameter rows enabled), each with its device's last data time; points in
 * name order, parameters in the device's order.
 */
export async function findPublishedSeries(
  database: Query,
  filter: { tenantId: number; monitoringPointIds: number[]; parameterIds: number[] },
): Promise<PublishedSeriesRow[]> {
  return database.query<PublishedSeriesRow>(
    `SELECT mp.id AS point_id, mp.name AS point_name, d.id AS device_id, p.id AS parameter_id, p.param_key,
            p.label, p.std_unit, p.metric_agg, (p.is_counter OR dp.is_counter) AS is_counter,
            l.last_ts AS last_data_at
       FROM monitoring_points mp
       JOIN devices d ON d.monitoring_point_id = mp.id AND d.tenant_id = mp.tenant_id AND d.status <> 'DELETED'
       JOIN device_params dp ON dp.device_id = d.id AND dp.enabled AND dp.parameter_id = ANY($3::int4[])
       JOIN parameters p ON p.id = dp.parameter_id
       LEFT JOIN device_last_data l ON l.tenant_id = d.tenant_id AND l.device_id = d.id
      WHERE mp.tenant_id = $1 AND mp.id = ANY($2::int4[]) AND mp.status <> 'DELETED'
      ORDER BY lower(mp.name), mp.id, dp.position, p.id, d.id`,
    [filter.tenantId, filter.monitoringPointIds, filter.parameterIds],
  );
}

/** The chosen points that still exist, for points whose devices measure none of the chosen parameters. */
export async function findPublishedPoints(
  database: Query,
  tenantId: number,
  monitoringPointIds: number[],
): Promise<{ id: number; name: string }[]> {
  return database.query<{ id: number; name: string }>(
    `SELECT id, name FROM monitoring_points
      WHERE tenant_id = $1 AND id = ANY($2::int4[]) AND status <> 'DELETED'
      ORDER BY lower(name), id`,
    [tenantId, monitoringPointIds],
  );
}

/** An industry's name, as its dashboard is headed. */
export async function findIndustryName(database: Query, tenantId: number): Promise<string> {
  const [row] = await database.query<{ name: string }>(`SELECT name FROM accounts WHERE id = $1`, [tenantId]);
  return row?.name ?? '';
}
