import { and, count, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  ALERT_TYPES,
  ALERT_WINDOW_MS,
  ALERTS_PAGE_SIZE,
  type Alert,
  type AlertLimit,
  type AlertType,
  type Page,
  type Provenance,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf, tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import {
  accounts,
  alertLimits,
  alerts,
  devices,
  monitoringPoints,
  parameters,
  users,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { AppError, businessRule, notFound, staleVersion } from '../../lib/errors.js';
import { readPage } from '../../lib/paging.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { recordAudit } from '../audit/audit.service.js';

const REFUSAL = 'You are not allowed to change the alert limits of this industry.';

export const alertColumns = {
  id: alerts.id,
  type: alerts.type,
  tenantId: alerts.tenantId,
  tenantName: accounts.name,
  monitoringPointId: alerts.monitoringPointId,
  monitoringPointName: monitoringPoints.name,
  deviceId: alerts.deviceId,
  deviceName: devices.name,
  parameterId: alerts.parameterId,
  parameterLabel: parameters.label,
  unit: parameters.stdUnit,
  limit: alerts.limit,
  firstValue: alerts.firstValue,
  peakValue: alerts.peakValue,
  lastValue: alerts.lastValue,
  provenance: alerts.provenance,
  startedAt: alerts.startedAt,
  endedAt: alerts.endedAt,
  acknowledgedAt: alerts.acknowledgedAt,
  acknowledgedBy: users.name,
};

type AlertRow = Omit<Alert, 'startedAt' | 'endedAt' | 'acknowledgedAt' | 'provenance'> & {
  startedAt: Date;
  endedAt: Date | null;
  acknowledgedAt: Date | null;
  provenance: string[];
};

const toAlert = (row: AlertRow): Alert => ({
  ...row,
  provenance: row.provenance as Provenance[],
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
});

/**
 * Alerts with their industry, device, point, parameter and who acknowledged
 * them (`alertColumns`), and any `extra` columns (an export's cursor).
 */
export const alertsFrom = (exec: Executor, extra: Record<string, SQL.Aliased<string | null>> = {}) =>
  exec
    .select({ ...alertColumns, ...extra })
    .from(alerts)
    .innerJoin(accounts, eq(accounts.id, alerts.tenantId))
    .innerJoin(devices, eq(devices.id, alerts.deviceId))
    .leftJoin(monitoringPoints, eq(monitoringPoints.id, alerts.monitoringPointId))
    .leftJoin(parameters, eq(parameters.id, alerts.parameterId))
    .leftJoin(users, eq(users.id, alerts.acknowledgedBy));

const selectAlerts = (exec: Executor) => alertsFrom(exec);

/** Open, or begun within the alerts window (spec: the last 24 hours). */
const inWindow = (now: Date) =>
  or(isNull(alerts.endedAt), gte(alerts.startedAt, new Date(now.getTime() - ALERT_WINDOW_MS)));

/** The alerts a list shows: within the scope and the window, of the type asked, open only if asked. */
export const alertListWhere = (
  scope: DataScope,
  query: { alertType?: AlertType | undefined; open?: boolean | undefined },
  now: Date,
) =>
  and(
    tenantRowsWhere(scope, alerts.tenantId),
    inWindow(now),
    query.alertType ? eq(alerts.type, query.alertType) : undefined,
    query.open ? isNull(alerts.endedAt) : undefined,
  );

export function createAlertsService({ db, clock = () => new Date() }: { db: Database; clock?: () => Date }) {
  function page(
    scope: DataScope,
    where: SQL | undefined,
    query: { alertType?: AlertType | undefined; open?: boolean | undefined; page: number },
    key: unknown,
  ): Promise<Page<Alert>> {
    const all = and(where, alertListWhere(scope, query, clock()));
    return readPage(
      db,
      { page: query.page, pageSize: ALERTS_PAGE_SIZE },
      {
        rows: async (limit, offset) =>
          (
            await selectAlerts(db)
              .where(all)
              .orderBy(desc(alerts.startedAt), desc(alerts.id))
              .limit(limit)
              .offset(offset)
          ).map(toAlert),
        matches: () => db.select({ id: alerts.id }).from(alerts).where(all).$dynamic(),
        countKey: ['alerts', key, query.alertType, query.open, Math.floor(clock().getTime() / 60_000)],
      },
    );
  }

  /** Each monitoring point × parameter an industry measures, with the limit in force. */
  async function limitsOf(exec: Executor, tenantId: number): Promise<AlertLimit[]> {
    const rows = rowsOf<{
      monitoring_point_id: number;
      monitoring_point_name: string;
      parameter_id: number;
      parameter_label: string;
      alert_label: string | null;
      unit: string | null;
      standard_limit: number | null;
      custom_limit: number | null;
      enabled: boolean;
      version: number;
    }>(
      await exec.execute(sql`
        SELECT DISTINCT mp.id AS monitoring_point_id, mp.name AS monitoring_point_name, p.id AS parameter_id,
               p.label AS parameter_label, p.alert_label, p.std_unit AS unit, p.standard_limit,
               al.custom_limit, coalesce(al.enabled, p.is_alert_enabled) AS enabled, coalesce(al.version, 0) AS version
          FROM devices d
          JOIN monitoring_points mp ON mp.id = d.monitoring_point_id AND mp.status <> 'DELETED'
          JOIN device_params dp ON dp.device_id = d.id AND dp.enabled
          JOIN parameters p ON p.id = dp.parameter_id
          LEFT JOIN alert_limits al ON al.tenant_id = d.tenant_id AND al.monitoring_point_id = mp.id
                                   AND al.parameter_id = p.id
         WHERE d.tenant_id = ${tenantId} AND d.status <> 'DELETED'
         ORDER BY mp.name, p.label
         LIMIT 2000`),
    );
    return rows.map((row) => {
      const standardLimit = row.standard_limit === null ? null : Number(row.standard_limit);
      const customLimit = row.custom_limit === null ? null : Number(row.custom_limit);
      return {
        tenantId,
        monitoringPointId: row.monitoring_point_id,
        monitoringPointName: row.monitoring_point_name,
        parameterId: row.parameter_id,
        parameterLabel: row.parameter_label,
        alertLabel: row.alert_label,
        unit: row.unit ?? '',
        standardLimit,
        customLimit,
        limit: customLimit ?? standardLimit,
        enabled: row.enabled,
        version: Number(row.version),
      };
    });
  }

  return {
    async listLimits(ctx: RequestContext, tenantId: number): Promise<AlertLimit[]> {
      const industry = await visibleIndustry(db, ctx, tenantId);
      return limitsOf(db, industry.id);
    },

    async saveLimit(
      ctx: RequestContext,
      body: {
        tenantId: number;
        monitoringPointId: number;
        parameterId: number;
        customLimit: number | null;
        enabled: boolean;
        version?: number | undefined;
      },
    ): Promise<AlertLimit> {
      return db.transaction(async (tx) => {
        const industry = await changeableIndustry(tx, ctx, body.tenantId, REFUSAL);
        const before = (await limitsOf(tx, industry.id)).find(
          (l) => l.monitoringPointId === body.monitoringPointId && l.parameterId === body.parameterId,
        );
        if (!before) throw notFound('Parameter at this monitoring point');
        if (
          body.customLimit !== null &&
          before.standardLimit !== null &&
          body.customLimit > before.standardLimit
        ) {
          throw businessRule(ALERT_MESSAGES.aboveStandard, [
            { path: 'customLimit', message: ALERT_MESSAGES.aboveStandard, code: 'FIELD_RULE' },
          ]);
        }
        if (body.enabled && body.customLimit === null && before.standardLimit === null) {
          throw businessRule(ALERT_MESSAGES.noStandard, [
            { path: 'customLimit', message: ALERT_MESSAGES.noStandard, code: 'FIELD_REQUIRED' },
          ]);
        }
        if ((body.version ?? 0) !== before.version) throw staleVersion();
        const values = { customLimit: body.customLimit, enabled: body.enabled, updatedAt: new Date() };
        const saved =
          before.version === 0
            ? await tx
                .insert(alertLimits)
                .values({
                  tenantId: industry.id,
                  monitoringPointId: body.monitoringPointId,
                  parameterId: body.parameterId,
                  ...values,
                })
                .onConflictDoNothing()
                .returning({ id: alertLimits.id })
            : await tx
                .update(alertLimits)
                .set({ ...values, version: sql`${alertLimits.version} + 1` })
                .where(
                  and(
                    eq(alertLimits.tenantId, industry.id),
                    eq(alertLimits.monitoringPointId, body.monitoringPointId),
                    eq(alertLimits.parameterId, body.parameterId),
                    eq(alertLimits.version, before.version),
                  ),
                )
                .returning({ id: alertLimits.id });
        if (saved.length === 0) throw staleVersion();
        const after = (await limitsOf(tx, industry.id)).find(
          (l) => l.monitoringPointId === body.monitoringPointId && l.parameterId === body.parameterId,
        )!;
        await recordAudit(tx, ctx, {
          entity: 'alert_limit',
          entityId: saved[0]!.id,
          action: before.version === 0 ? 'CREATE' : 'UPDATE',
          tenantId: industry.id,
          oldValue: { customLimit: before.customLimit, enabled: before.enabled },
          newValue: {
            customLimit: after.customLimit,
            enabled: after.enabled,
            parameter: after.parameterLabel,
          },
        });
        return after;
      });
    },

    async count(ctx: RequestContext, tenantId: number) {
      const industry = await visibleIndustry(db, ctx, tenantId);
      const rows = await db
        .select({
          type: alerts.type,
          open: sql<number>`count(*) FILTER (WHERE ${alerts.endedAt} IS NULL)`.mapWith(Number),
          recent: count(),
        })
        .from(alerts)
        .where(and(eq(alerts.tenantId, industry.id), inWindow(clock())))
        .groupBy(alerts.type);
      const byType = Object.fromEntries(ALERT_TYPES.map((type) => [type, 0])) as Record<AlertType, number>;
      for (const row of rows) byType[row.type] = row.recent;
      return {
        tenantId: industry.id,
        open: rows.reduce((sum, row) => sum + row.open, 0),
        last24h: rows.reduce((sum, row) => sum + row.recent, 0),
        byType,
      };
    },

    async list(
      ctx: RequestContext,
      tenantId: number,
      query: { alertType?: AlertType | undefined; open?: boolean | undefined; page: number },
    ) {
      const industry = await visibleIndustry(db, ctx, tenantId);
      return page(scopeOf(ctx.principal), eq(alerts.tenantId, industry.id), query, industry.id);
    },

    alarms(
      ctx: RequestContext,
      query: { alertType?: AlertType | undefined; open?: boolean | undefined; page: number },
    ) {
      const p = ctx.principal;
      return page(scopeOf(p), undefined, query, [p.userType, p.accountId, p.actingTenantId]);
    },

    async acknowledge(ctx: RequestContext, id: number): Promise<Alert> {
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const [found] = await selectAlerts(tx)
          .where(and(eq(alerts.id, id), tenantRowsWhere(scope, alerts.tenantId)))
          .limit(1);
        if (!found) throw notFound('Alert');
        const updated = await tx
          .update(alerts)
          .set({ acknowledgedAt: new Date(), acknowledgedBy: ctx.principal.userId })
          .where(and(eq(alerts.id, id), isNull(alerts.acknowledgedAt)))
          .returning({ id: alerts.id });
        if (updated.length === 0) {
          throw new AppError('BUSINESS_RULE', ALERT_MESSAGES.alreadyAcknowledged);
        }
        await recordAudit(tx, ctx, {
          entity: 'alert',
          entityId: id,
          action: 'ACKNOWLEDGE',
          tenantId: found.tenantId,
          newValue: { type: found.type, device: found.deviceName, parameter: found.parameterLabel },
        });
        const [row] = await selectAlerts(tx).where(eq(alerts.id, id)).limit(1);
        return toAlert(row!);
      });
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
