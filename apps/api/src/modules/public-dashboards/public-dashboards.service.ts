import { randomBytes } from 'node:crypto';
import {
  PUBLIC_DASHBOARD_CACHE_SECONDS,
  PUBLIC_DASHBOARD_CHART_HOURS,
  PUBLIC_DASHBOARD_MESSAGES,
  PUBLIC_ID_BYTES,
  PUBLIC_ID_PATTERN,
  getDataFreshness,
  slotStart,
  type FieldError,
  type PublicDashboardBody,
  type PublicDashboardOption,
  type PublicDashboardSettings,
  type PublicDashboardView,
  type PublicParameter,
  type PublicPoint,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import type { Database, DatabaseHandle, Executor } from '../../db/client.js';
import { AppError, badRequest, notFound, staleVersion } from '../../lib/errors.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { recordAudit } from '../audit/audit.service.js';
import { violatedUniqueIndex } from '../cameras/cameras.repository.js';
import { readSeriesPoints } from '../telemetry/series.js';
import {
  findDashboardByPublicId,
  findDashboardOptions,
  findIndustryName,
  findLiveDashboard,
  findPublishedPoints,
  findPublishedSeries,
  insertDashboard,
  revokeDashboard,
  toPublicDashboard,
  updateDashboard,
  type PublishedSeriesRow,
} from './public-dashboards.repository.js';

type Query = Pick<DatabaseHandle, 'query'>;

const REFUSAL = 'You are not allowed to change the public dashboard of this industry.';
const LIVE_INDEX = 'public_dashboards_tenant_live_uq';
const HOUR_MS = 3_600_000;
/** Payloads kept at most; the oldest go first. */
const CACHE_ENTRIES = 500;

/** Unknown, revoked and malformed ids all answer the same. */
const notAvailable = () => new AppError('NOT_FOUND', PUBLIC_DASHBOARD_MESSAGES.notAvailable);

/** 144 random bits, base64url: the public id in a dashboard's link. */
export function createPublicId(): string {
  return randomBytes(PUBLIC_ID_BYTES).toString('base64url');
}

/** What the audit trail keeps of a dashboard: what it shows and the link's last characters, never the id. */
const auditValue = (row: {
  monitoringPointIds: number[];
  parameterIds: number[];
  showCharts: boolean;
  publicId: string;
}) => ({
  monitoringPointIds: row.monitoringPointIds,
  parameterIds: row.parameterIds,
  showCharts: row.showCharts,
  linkEnding: row.publicId.slice(-4),
});

/** Every chosen point must be the industry's, every chosen parameter measured at one of them. */
function checkChoice(options: PublicDashboardOption[], body: PublicDashboardBody) {
  const details: FieldError[] = [];
  const points = new Map(options.map((option) => [option.monitoringPointId, option]));
  body.monitoringPointIds.forEach((id, index) => {
    if (!points.has(id)) {
      details.push({
        path: `monitoringPointIds.${index}`,
        message: PUBLIC_DASHBOARD_MESSAGES.unknownPoint,
        code: 'FIELD_INVALID',
      });
    }
  });
  const measured = new Set(
    body.monitoringPointIds.flatMap(
      (id) => points.get(id)?.parameters.map((parameter) => parameter.parameterId) ?? [],
    ),
  );
  body.parameterIds.forEach((id, index) => {
    if (!measured.has(id)) {
      details.push({
        path: `parameterIds.${index}`,
        message: PUBLIC_DASHBOARD_MESSAGES.unknownParameter,
        code: 'FIELD_INVALID',
      });
    }
  });
  if (details.length > 0) throw badRequest(details[0]!.message, details);
}

/** A recently built public answer, kept by dashboard and version. */
class ViewCache {
  private readonly entries = new Map<string, { expiresAt: number; view: PublicDashboardView }>();

  get(key: string, now: number) {
    const found = this.entries.get(key);
    if (!found) return undefined;
    if (found.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return found.view;
  }

  set(key: string, view: PublicDashboardView, now: number) {
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: now + PUBLIC_DASHBOARD_CACHE_SECONDS * 1000, view });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= CACHE_ENTRIES) break;
      this.entries.delete(oldest);
    }
  }
}

const toMs = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
const toIsoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createPublicDashboardsService(deps: { db: Database; database: Query }) {
  const { db, database } = deps;
  const cache = new ViewCache();

  /** What the settings answer: the industry's name and options are read before any transaction. */
  async function settingsOf(
    exec: Executor,
    industry: { id: number; name: string },
    options: PublicDashboardOption[],
  ): Promise<PublicDashboardSettings> {
    const live = await findLiveDashboard(exec, industry.id);
    return {
      tenantId: industry.id,
      industryName: industry.name,
      dashboard: live ? toPublicDashboard(live) : null,
      options,
    };
  }

  const industryOf = async ({ id }: { id: number }) => ({ id, name: await findIndustryName(database, id) });

  /** The public answer of a dashboard: only what it chose, read now. */
  async function buildView(dashboard: {
    tenant_id: number;
    monitoring_point_ids: number[];
    parameter_ids: number[];
    show_charts: boolean;
    industry_name: string;
  }): Promise<PublicDashboardView> {
    const now = Date.now();
    const filter = {
      tenantId: dashboard.tenant_id,
      monitoringPointIds: dashboard.monitoring_point_ids,
      parameterIds: dashboard.parameter_ids,
    };
    const [points, rows] = await Promise.all([
      findPublishedPoints(database, filter.tenantId, filter.monitoringPointIds),
      findPublishedSeries(database, filter),
    ]);
    // One value a parameter a point: of the analysers measuring it there, the one heard from last.
    const chosen = new Map<string, PublishedSeriesRow>();
    for (const row of rows) {
      const key = `${row.point_id}:${row.parameter_id}`;
      const held = chosen.get(key);
      if (!held || (toMs(row.last_data_at) ?? -1) > (toMs(held.last_data_at) ?? -1)) chosen.set(key, row);
    }
    const selected = rows.filter((row) => chosen.get(`${row.point_id}:${row.parameter_id}`) === row);
    const fromMs = slotStart(now - PUBLIC_DASHBOARD_CHART_HOURS * HOUR_MS, 'minute_15');
    const texts =
      selected.length === 0
        ? []
        : await readSeriesPoints(database, {
            tenantId: filter.tenantId,
            series: selected.map((row) => ({
              deviceId: row.device_id,
              parameterId: row.parameter_id,
              aggregation: row.is_counter ? ('DIFF' as const) : row.metric_agg,
            })),
            dim: 'minute_15',
            fromMs,
            toMs: now,
          });

    const byPoint = new Map<number, PublicPoint & { lastMs: number | null }>();
    const list = points.map((point) => {
      const entry = {
        name: point.name,
        lastDataAt: null,
        freshness: 'OFFLINE' as const,
        parameters: [],
        lastMs: null,
      };
      byPoint.set(point.id, entry);
      return entry as PublicPoint & { lastMs: number | null };
    });
    selected.forEach((row, index) => {
      const point = byPoint.get(row.point_id);
      if (!point) return;
      const values = (JSON.parse(texts[index] ?? '[]') as { t: string; value: number }[]).map((p) => ({
        t: p.t,
        value: p.value,
      }));
      const lastMs = toMs(row.last_data_at);
      const parameter: PublicParameter = {
        key: row.param_key,
        label: row.label,
        unit: row.std_unit,
        latest: values.at(-1) ?? null,
        lastDataAt: toIsoOrNull(lastMs),
        freshness: getDataFreshness(lastMs, now),
        series: dashboard.show_charts ? values : [],
      };
      point.parameters.push(parameter);
      if (lastMs !== null && (point.lastMs === null || lastMs > point.lastMs)) point.lastMs = lastMs;
    });
    return {
      industryName: dashboard.industry_name,
      showCharts: dashboard.show_charts,
      generatedAt: new Date(now).toISOString(),
      points: list.map(({ lastMs, ...point }) => ({
        ...point,
        lastDataAt: toIsoOrNull(lastMs),
        freshness: getDataFreshness(lastMs, now),
      })),
    };
  }

  return {
    async get(ctx: RequestContext, tenantId: number): Promise<PublicDashboardSettings> {
      const industry = await industryOf(await visibleIndustry(db, ctx, tenantId));
      return settingsOf(db, industry, await findDashboardOptions(database, industry.id));
    },

    /** Opts the industry in (a new link) or changes what its live dashboard shows. */
    async save(ctx: RequestContext, body: PublicDashboardBody): Promise<PublicDashboardSettings> {
      const industry = await industryOf(await changeableIndustry(db, ctx, body.tenantId, REFUSAL));
      const options = await findDashboardOptions(database, industry.id);
      checkChoice(options, body);
      const values = {
        monitoringPointIds: body.monitoringPointIds,
        parameterIds: body.parameterIds,
        showCharts: body.showCharts,
      };
      try {
        return await db.transaction(async (tx) => {
          const before = await findLiveDashboard(tx, industry.id, { forUpdate: true });
          if (!before) {
            // Opting in: the form starts from no dashboard (version absent or 0).
            if ((body.version ?? 0) !== 0) throw staleVersion();
            const created = await insertDashboard(tx, {
              tenantId: industry.id,
              publicId: createPublicId(),
              createdBy: ctx.principal.userId,
              ...values,
            });
            await recordAudit(tx, ctx, {
              entity: 'public_dashboard',
              entityId: created.id,
              action: 'CREATE',
              tenantId: industry.id,
              newValue: auditValue(created),
            });
          } else {
            if (body.version !== before.version) throw staleVersion();
            const saved = await updateDashboard(tx, before.id, before.version, values);
            if (!saved) throw staleVersion();
            await recordAudit(tx, ctx, {
              entity: 'public_dashboard',
              entityId: saved.id,
              action: 'UPDATE',
              tenantId: industry.id,
              oldValue: auditValue(before),
              newValue: auditValue(saved),
            });
          }
          return settingsOf(tx, industry, options);
        });
      } catch (error) {
        // Another administrator opted the industry in at the same moment.
        if (violatedUniqueIndex(error) === LIVE_INDEX) throw staleVersion();
        throw error;
      }
    },

    /** Ends the industry's link: it answers 404 from now on, on every process. */
    async revoke(ctx: RequestContext, tenantId: number): Promise<PublicDashboardSettings> {
      const industry = await industryOf(await changeableIndustry(db, ctx, tenantId, REFUSAL));
      const options = await findDashboardOptions(database, industry.id);
      return db.transaction(async (tx) => {
        const before = await findLiveDashboard(tx, industry.id, { forUpdate: true });
        if (!before) throw notFound('Public dashboard');
        await revokeDashboard(tx, before.id, ctx.principal.userId);
        await recordAudit(tx, ctx, {
          entity: 'public_dashboard',
          entityId: before.id,
          action: 'TOKEN_REVOKED',
          tenantId: industry.id,
          oldValue: auditValue(before),
        });
        return settingsOf(tx, industry, options);
      });
    },

    /**
     * The public answer for a link's id. The dashboard is looked up on every
     * call (a revoked link is 404 at once, on every process); what it shows
     * is reused for a few seconds, by dashboard and version.
     */
    async view(publicId: string): Promise<PublicDashboardView> {
      if (!PUBLIC_ID_PATTERN.test(publicId)) throw notAvailable();
      const dashboard = await findDashboardByPublicId(database, publicId);
      if (!dashboard) throw notAvailable();
      const key = `${dashboard.id}:${dashboard.version}`;
      const now = Date.now();
      const cached = cache.get(key, now);
      if (cached) return cached;
      const view = await buildView(dashboard);
      cache.set(key, view, Date.now());
      return view;
    },
  };
}

export type PublicDashboardsService = ReturnType<typeof createPublicDashboardsService>;
