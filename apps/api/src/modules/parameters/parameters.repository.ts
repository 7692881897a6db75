import { type SQL, and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import {
  type DataStoreType,
  type MetricAggregation,
  type Page,
  type Parameter,
  type ParameterMtype,
  type StandardParameterType,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import { derivedParameters, derivedStdParams, parameters } from '../../db/schema/index.js';

type ParameterRow = typeof parameters.$inferSelect;

/** The stored values of a parameter; the service derives them from the form. */
export interface ParameterValues {
  name: string;
  label: string;
  mtype: ParameterMtype;
  type: StandardParameterType;
  paramKey: string;
  paramMetric: string;
  stdUnit: string | null;
  defaultStdUnit: string | null;
  alertLabel: string | null;
  metricAgg: MetricAggregation;
  metricDownsampleAgg: MetricAggregation;
  isAlertEnabled: boolean;
  isCounter: boolean;
  counterResetValue: number | null;
  isConversion: boolean;
  showWidget: boolean;
  dataStoreType: DataStoreType;
  baseParamId: number | null;
  isLinear: boolean | null;
}

function toParameter(row: ParameterRow): Parameter {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    mtype: row.mtype,
    type: row.type,
    paramKey: row.paramKey,
    paramMetric: row.paramMetric,
    stdUnit: row.stdUnit,
    defaultStdUnit: row.defaultStdUnit,
    alertLabel: row.alertLabel,
    metricAgg: row.metricAgg,
    metricDownsampleAgg: row.metricDownsampleAgg,
    isAlertEnabled: row.isAlertEnabled,
    isCounter: row.isCounter,
    counterResetValue: row.counterResetValue,
    isConversion: row.isConversion,
    showWidget: row.showWidget,
    dataStoreType: row.dataStoreType,
    baseParamId: row.baseParamId,
    isLinear: row.isLinear,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ParameterListFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  type?: StandardParameterType | undefined;
  mtype?: ParameterMtype | undefined;
}

/** The parameters of the list (and of its CSV export) for a filter: deleted ones left out. */
export function parameterListCondition(
  filter: Omit<ParameterListFilter, 'page' | 'pageSize'>,
): SQL | undefined {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    ne(parameters.status, 'DELETED'),
    pattern
      ? or(sql`lower(${parameters.label}) like ${pattern}`, sql`lower(${parameters.name}) like ${pattern}`)
      : undefined,
    filter.type ? eq(parameters.type, filter.type) : undefined,
    filter.mtype ? eq(parameters.mtype, filter.mtype) : undefined,
  );
}

/** One page of the catalogue (deleted parameters left out), by label. */
export async function findParameterPage(
  exec: Executor,
  filter: ParameterListFilter,
): Promise<Page<Parameter>> {
  const where = parameterListCondition(filter);
  return readPage(exec, filter, {
    rows: async (limit, offset) =>
      (
        await exec
          .select()
          .from(parameters)
          .where(where)
          .orderBy(asc(sql`lower(${parameters.label})`), asc(parameters.id))
          .limit(limit)
          .offset(offset)
      ).map(toParameter),
    matches: () => exec.select({ id: parameters.id }).from(parameters).where(where).$dynamic(),
    countKey: ['parameters', filter.search, filter.type, filter.mtype],
  });
}

/** A parameter, deleted or not; callers decide what a deleted one means. */
export async function findParameter(exec: Executor, id: number): Promise<Parameter | undefined> {
  const [row] = await exec.select().from(parameters).where(eq(parameters.id, id));
  return row ? toParameter(row) : undefined;
}

/** Whether a parameter not deleted has this name (letter case ignored), other than `exceptId`. */
export async function isParameterNameTaken(
  exec: Executor,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await exec
    .select({ total: count() })
    .from(parameters)
    .where(
      and(
        eq(sql`lower(${parameters.name})`, name.toLowerCase()),
        ne(parameters.status, 'DELETED'),
        exceptId === undefined ? undefined : ne(parameters.id, exceptId),
      ),
    );
  return Number(row?.total ?? 0) > 0;
}

export async function insertParameter(exec: Executor, values: ParameterValues): Promise<number> {
  const [row] = await exec.insert(parameters).values(values).returning({ id: parameters.id });
  return row!.id;
}

/** Changes a parameter not deleted, only from its current version. */
export async function updateParameter(
  exec: Executor,
  id: number,
  version: number,
  values: ParameterValues,
): Promise<boolean> {
  const rows = await exec
    .update(parameters)
    .set({ ...values, version: sql`${parameters.version} + 1`, updatedAt: new Date() })
    .where(and(eq(parameters.id, id), ne(parameters.status, 'DELETED'), eq(parameters.version, version)))
    .returning({ id: parameters.id });
  return rows.length > 0;
}

/** Deleting only marks the row: readings and history keep pointing at it. */
export async function markParameterDeleted(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(parameters)
    .set({ status: 'DELETED', version: sql`${parameters.version} + 1`, updatedAt: new Date() })
    .where(and(eq(parameters.id, id), ne(parameters.status, 'DELETED')))
    .returning({ id: parameters.id });
  return rows.length > 0;
}

/** Why a parameter cannot be deleted, or null when nothing uses it. */
export type ParameterUse = { kind: 'functional-base'; parameterLabel: string };

/**
 * What still depends on a parameter. Today that is functional parameters based
 * on it; device parameters join this check when devices exist.
 */
export async function isParameterInUse(exec: Executor, id: number): Promise<ParameterUse | null> {
  const [dependent] = await exec
    .select({ label: parameters.label })
    .from(parameters)
    .where(and(eq(parameters.baseParamId, id), ne(parameters.status, 'DELETED')))
    .orderBy(asc(parameters.id))
    .limit(1);
  return dependent ? { kind: 'functional-base', parameterLabel: dependent.label } : null;
}

/** Holds a parameter's row until the transaction ends, so what uses it cannot change meanwhile. */
export async function lockParameter(exec: Executor, id: number): Promise<void> {
  await exec.select({ id: parameters.id }).from(parameters).where(eq(parameters.id, id)).for('update');
}

/**
 * Whether a derived series (of a derived parameter not deleted) is named like
 * this key: expressions could not tell the two apart.
 */
export async function isKeyADerivedSeriesName(exec: Executor, key: string): Promise<boolean> {
  const [row] = await exec
    .select({ total: count() })
    .from(derivedStdParams)
    .innerJoin(derivedParameters, eq(derivedParameters.id, derivedStdParams.derivedParameterId))
    .where(
      and(
        eq(sql`lower(${derivedStdParams.derivedParamName})`, key.toLowerCase()),
        ne(derivedParameters.status, 'DELETED'),
      ),
    );
  return Number(row?.total ?? 0) > 0;
}
