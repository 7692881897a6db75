import { type SQL, and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  type EnergyCategory,
  type EnergyMetric,
  type EnergyMetricAggregation,
  type EnergyParameter,
  type Page,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import {
  energyMetrics,
  energyParameterMetrics,
  energyParameters,
  parameters,
} from '../../db/schema/index.js';

type MetricRow = typeof energyMetrics.$inferSelect;
type EnergyParameterRow = typeof energyParameters.$inferSelect;

const DELETED = 'DELETED';

function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------------------
// Metrics
// ---------------------------------------------------------------------------

/** The stored values of a metric; the service takes them from the form. */
export interface MetricValues {
  key: string;
  value: EnergyMetricAggregation;
  label: string;
}

function toMetric(row: MetricRow): EnergyMetric {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    label: row.label,
    status: row.status,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface MetricListFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
}

/** One page of metrics (deleted ones left out), by key. */
export async function findMetricPage(exec: Executor, filter: MetricListFilter): Promise<Page<EnergyMetric>> {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const where: SQL | undefined = and(
    ne(energyMetrics.status, DELETED),
    pattern
      ? or(
          sql`lower(${energyMetrics.key}) like ${pattern}`,
          sql`lower(${energyMetrics.label}) like ${pattern}`,
        )
      : undefined,
  );
  return readPage(exec, filter, {
    rows: async (limit, offset) =>
      (
        await exec
          .select()
          .from(energyMetrics)
          .where(where)
          .orderBy(asc(sql`lower(${energyMetrics.key})`), asc(energyMetrics.id))
          .limit(limit)
          .offset(offset)
      ).map(toMetric),
    matches: () => exec.select({ id: energyMetrics.id }).from(energyMetrics).where(where).$dynamic(),
    countKey: ['energy metrics', filter.search],
  });
}

/**
 * A metric, deleted or not. `lock` holds the row until the transaction ends,
 * so a delete and an energy parameter that starts using the metric cannot
 * pass each other.
 */
export async function findMetric(
  exec: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<EnergyMetric | undefined> {
  const query = exec.select().from(energyMetrics).where(eq(energyMetrics.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? toMetric(row) : undefined;
}

/** Whether a metric not deleted has this key (letter case ignored), other than `exceptId`. */
export async function isMetricKeyTaken(exec: Executor, key: string, exceptId?: number): Promise<boolean> {
  const [row] = await exec
    .select({ total: count() })
    .from(energyMetrics)
    .where(
      and(
        eq(sql`lower(${energyMetrics.key})`, key.toLowerCase()),
        ne(energyMetrics.status, DELETED),
        exceptId === undefined ? undefined : ne(energyMetrics.id, exceptId),
      ),
    );
  return Number(row?.total ?? 0) > 0;
}

export async function insertMetric(exec: Executor, values: MetricValues): Promise<number> {
  const [row] = await exec.insert(energyMetrics).values(values).returning({ id: energyMetrics.id });
  return row!.id;
}

/** Changes a metric not deleted, only from its current version. */
export async function updateMetric(
  exec: Executor,
  id: number,
  version: number,
  values: MetricValues,
): Promise<boolean> {
  const rows = await exec
    .update(energyMetrics)
    .set({ ...values, version: sql`${energyMetrics.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(energyMetrics.id, id), ne(energyMetrics.status, DELETED), eq(energyMetrics.version, version)),
    )
    .returning({ id: energyMetrics.id });
  return rows.length > 0;
}

/** Deleting only marks the row: reports computed with the metric keep pointing at it. */
export async function markMetricDeleted(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(energyMetrics)
    .set({ status: DELETED, version: sql`${energyMetrics.version} + 1`, updatedAt: new Date() })
    .where(and(eq(energyMetrics.id, id), ne(energyMetrics.status, DELETED)))
    .returning({ id: energyMetrics.id });
  return rows.length > 0;
}

/** The first energy parameter (not deleted) that computes this metric, or null. */
export async function findEnergyParameterUsingMetric(
  exec: Executor,
  metricId: number,
): Promise<{ label: string } | null> {
  const [row] = await exec
    .select({ label: energyParameters.label })
    .from(energyParameterMetrics)
    .innerJoin(energyParameters, eq(energyParameters.id, energyParameterMetrics.energyParameterId))
    .where(and(eq(energyParameterMetrics.metricId, metricId), ne(energyParameters.status, DELETED)))
    .orderBy(asc(energyParameters.id))
    .limit(1);
  return row ?? null;
}

/**
 * Which of these metrics exist and are not deleted. The rows stay share-locked
 * until the transaction ends, so none of them can be deleted meanwhile.
 */
export async function findActiveMetricIds(exec: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ id: energyMetrics.id })
    .from(energyMetrics)
    .where(and(inArray(energyMetrics.id, [...ids]), ne(energyMetrics.status, DELETED)))
    .for('share');
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------
// Energy parameters
// ---------------------------------------------------------------------------

/** The stored values of an energy parameter; the service derives them from the form. */
export interface EnergyParameterValues {
  name: string;
  label: string;
  paramKey: string;
  category: EnergyCategory;
  unit: string | null;
  parameterId: number | null;
  isCumulative: boolean;
  isAlertEnabled: boolean;
}

const energyParameterColumns = {
  row: energyParameters,
  sourceLabel: parameters.label,
};

type EnergyParameterJoinRow = { row: EnergyParameterRow; sourceLabel: string | null };

/** The metrics of these energy parameters, by key, in one query. */
async function findMetricsOf(exec: Executor, ids: readonly number[]) {
  const byParameter = new Map<number, EnergyParameter['metrics']>();
  if (ids.length === 0) return byParameter;
  const rows = await exec
    .select({
      energyParameterId: energyParameterMetrics.energyParameterId,
      id: energyMetrics.id,
      key: energyMetrics.key,
      value: energyMetrics.value,
      label: energyMetrics.label,
    })
    .from(energyParameterMetrics)
    .innerJoin(energyMetrics, eq(energyMetrics.id, energyParameterMetrics.metricId))
    .where(inArray(energyParameterMetrics.energyParameterId, [...ids]))
    .orderBy(asc(sql`lower(${energyMetrics.key})`), asc(energyMetrics.id));
  for (const row of rows) {
    const list = byParameter.get(row.energyParameterId) ?? [];
    list.push({ id: row.id, key: row.key, value: row.value, label: row.label });
    byParameter.set(row.energyParameterId, list);
  }
  return byParameter;
}

function toEnergyParameter(
  { row, sourceLabel }: EnergyParameterJoinRow,
  metrics: EnergyParameter['metrics'],
): EnergyParameter {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    paramKey: row.paramKey,
    category: row.category,
    unit: row.unit,
    parameter: row.parameterId === null ? null : { id: row.parameterId, label: sourceLabel ?? '' },
    isCumulative: row.isCumulative,
    isAlertEnabled: row.isAlertEnabled,
    metrics,
    status: row.status,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface EnergyParameterListFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  category?: EnergyCategory | undefined;
}

/** One page of energy parameters (deleted ones left out), by label, with their metrics. */
export async function findEnergyParameterPage(
  exec: Executor,
  filter: EnergyParameterListFilter,
): Promise<Page<EnergyParameter>> {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const where: SQL | undefined = and(
    ne(energyParameters.status, DELETED),
    pattern
      ? or(
          sql`lower(${energyParameters.label}) like ${pattern}`,
          sql`lower(${energyParameters.name}) like ${pattern}`,
          sql`lower(${energyParameters.paramKey}) like ${pattern}`,
        )
      : undefined,
    filter.category ? eq(energyParameters.category, filter.category) : undefined,
  );
  return readPage(exec, filter, {
    rows: async (limit, offset) => {
      const rows = await exec
        .select(energyParameterColumns)
        .from(energyParameters)
        .leftJoin(parameters, eq(parameters.id, energyParameters.parameterId))
        .where(where)
        .orderBy(asc(sql`lower(${energyParameters.label})`), asc(energyParameters.id))
        .limit(limit)
        .offset(offset);
      const metrics = await findMetricsOf(
        exec,
        rows.map(({ row }) => row.id),
      );
      return rows.map((row) => toEnergyParameter(row, metrics.get(row.row.id) ?? []));
    },
    matches: () => exec.select({ id: energyParameters.id }).from(energyParameters).where(where).$dynamic(),
    countKey: ['energy parameters', filter.search, filter.category],
  });
}

/** An energy parameter with its metrics, deleted or not; callers decide what a deleted one means. */
export async function findEnergyParameter(exec: Executor, id: number): Promise<EnergyParameter | undefined> {
  const [row] = await exec
    .select(energyParameterColumns)
    .from(energyParameters)
    .leftJoin(parameters, eq(parameters.id, energyParameters.parameterId))
    .where(eq(energyParameters.id, id));
  if (!row) return undefined;
  const metrics = await findMetricsOf(exec, [id]);
  return toEnergyParameter(row, metrics.get(id) ?? []);
}

/** Whether an energy parameter not deleted has this name (letter case ignored), other than `exceptId`. */
export async function isEnergyParameterNameTaken(
  exec: Executor,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await exec
    .select({ total: count() })
    .from(energyParameters)
    .where(
      and(
        eq(sql`lower(${energyParameters.name})`, name.toLowerCase()),
        ne(energyParameters.status, DELETED),
        exceptId === undefined ? undefined : ne(energyParameters.id, exceptId),
      ),
    );
  return Number(row?.total ?? 0) > 0;
}

/**
 * The catalogue parameter that would feed an energy parameter, when it exists
 * and is not deleted. Share-locked until the transaction ends.
 */
export async function findSourceParameter(
  exec: Executor,
  id: number,
): Promise<{ id: number; label: string; mtype: string } | undefined> {
  const [row] = await exec
    .select({ id: parameters.id, label: parameters.label, mtype: parameters.mtype })
    .from(parameters)
    .where(and(eq(parameters.id, id), ne(parameters.status, DELETED)))
    .for('share');
  return row;
}

export async function insertEnergyParameter(exec: Executor, values: EnergyParameterValues): Promise<number> {
  const [row] = await exec.insert(energyParameters).values(values).returning({ id: energyParameters.id });
  return row!.id;
}

/** Changes an energy parameter not deleted, only from its current version. */
export async function updateEnergyParameter(
  exec: Executor,
  id: number,
  version: number,
  values: EnergyParameterValues,
): Promise<boolean> {
  const rows = await exec
    .update(energyParameters)
    .set({ ...values, version: sql`${energyParameters.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(energyParameters.id, id),
        ne(energyParameters.status, DELETED),
        eq(energyParameters.version, version),
      ),
    )
    .returning({ id: energyParameters.id });
  return rows.length > 0;
}

/** Replaces the metrics computed for an energy parameter. */
export async function setEnergyParameterMetrics(
  exec: Executor,
  energyParameterId: number,
  metricIds: readonly number[],
): Promise<void> {
  await exec
    .delete(energyParameterMetrics)
    .where(eq(energyParameterMetrics.energyParameterId, energyParameterId));
  if (metricIds.length === 0) return;
  await exec
    .insert(energyParameterMetrics)
    .values(metricIds.map((metricId) => ({ energyParameterId, metricId })));
}

/**
 * Deleting only marks the row. Its metric links stay as they were (history),
 * and no longer keep a metric from being deleted.
 */
export async function markEnergyParameterDeleted(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(energyParameters)
    .set({ status: DELETED, version: sql`${energyParameters.version} + 1`, updatedAt: new Date() })
    .where(and(eq(energyParameters.id, id), ne(energyParameters.status, DELETED)))
    .returning({ id: energyParameters.id });
  return rows.length > 0;
}

/**
 * An energy parameter (not deleted) whose readings come from this catalogue
 * parameter, or null. The standard parameter delete asks this before it lets
 * a catalogue parameter go.
 */
export async function findEnergyUseOfParameter(
  exec: Executor,
  parameterId: number,
): Promise<{ label: string } | null> {
  const [row] = await exec
    .select({ label: energyParameters.label })
    .from(energyParameters)
    .where(and(eq(energyParameters.parameterId, parameterId), ne(energyParameters.status, DELETED)))
    .orderBy(asc(energyParameters.id))
    .limit(1);
  return row ?? null;
}
