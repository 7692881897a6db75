import { type SQL, and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  getExpressionDependencies,
  type DerivedDataSource,
  type DerivedParameter,
  type DerivedStdParam,
  type DownsampleAggregation,
  type MetricAggregation,
  type Page,
  type ParameterMtype,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import {
  derivedExpressionProperties,
  derivedParameters,
  derivedStdParams,
  parameters,
} from '../../db/schema/index.js';

/*
 * A derived parameter is stored as one row of `derived_parameters`, its
 * derived series as rows of `derived_std_params` (ordered by position) and
 * each series' expression rows as `derived_expression_properties` (ordered by
 * position: the first row whose condition holds gives the value). The API
 * shape nests them: `derivedStdParamList[].derivedExpressionProperties[]`.
 */

type DerivedParameterRow = typeof derivedParameters.$inferSelect;

/** The stored values of a derived parameter; the service derives them from the form. */
export interface DerivedParameterValues {
  name: string;
  label: string;
  mtype: ParameterMtype;
  paramKey: string;
  paramMetric: string;
  stdUnit: string | null;
  alertLabel: string | null;
  metricAgg: MetricAggregation;
  metricDownsampleAgg: DownsampleAggregation;
  isAlertEnabled: boolean;
}

/** A series as stored: name generated from the label, rows in order. */
export interface DerivedSeriesValues {
  derivedParamName: string;
  derivedParamLabel: string;
  derivedExpressionProperties: {
    conditionalStatement: string | null;
    expressionParam: string;
    dataSource: DerivedDataSource;
    unit: string | null;
  }[];
}

function toDerivedParameter(row: DerivedParameterRow, series: DerivedStdParam[]): DerivedParameter {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    mtype: row.mtype,
    paramKey: row.paramKey,
    paramMetric: row.paramMetric,
    stdUnit: row.stdUnit,
    alertLabel: row.alertLabel,
    metricAgg: row.metricAgg,
    metricDownsampleAgg: row.metricDownsampleAgg,
    isAlertEnabled: row.isAlertEnabled,
    derivedStdParamList: series,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The series (with their rows, in order) of the given derived parameters, by parameter id. */
async function findSeriesOf(exec: Executor, ids: number[]): Promise<Map<number, DerivedStdParam[]>> {
  const byParameter = new Map<number, DerivedStdParam[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byParameter;
  const seriesRows = await exec
    .select()
    .from(derivedStdParams)
    .where(inArray(derivedStdParams.derivedParameterId, ids))
    .orderBy(asc(derivedStdParams.derivedParameterId), asc(derivedStdParams.position));
  const expressionRows =
    seriesRows.length === 0
      ? []
      : await exec
          .select()
          .from(derivedExpressionProperties)
          .where(
            inArray(
              derivedExpressionProperties.derivedStdParamId,
              seriesRows.map((series) => series.id),
            ),
          )
          .orderBy(
            asc(derivedExpressionProperties.derivedStdParamId),
            asc(derivedExpressionProperties.position),
          );
  const rowsBySeries = new Map<number, DerivedStdParam['derivedExpressionProperties']>();
  for (const row of expressionRows) {
    const list = rowsBySeries.get(row.derivedStdParamId) ?? [];
    list.push({
      conditionalStatement: row.conditionalStatement,
      expressionParam: row.expressionParam,
      dataSource: row.dataSource,
      unit: row.unit,
    });
    rowsBySeries.set(row.derivedStdParamId, list);
  }
  for (const series of seriesRows) {
    byParameter.get(series.derivedParameterId)?.push({
      id: series.id,
      derivedParamName: series.derivedParamName,
      derivedParamLabel: series.derivedParamLabel,
      derivedExpressionProperties: rowsBySeries.get(series.id) ?? [],
    });
  }
  return byParameter;
}

function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface DerivedParameterListFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  mtype?: ParameterMtype | undefined;
}

/** One page of derived parameters (deleted ones left out), by label, with their series. */
export async function findDerivedParameterPage(
  exec: Executor,
  filter: DerivedParameterListFilter,
): Promise<Page<DerivedParameter>> {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const where: SQL | undefined = and(
    ne(derivedParameters.status, 'DELETED'),
    pattern
      ? or(
          sql`lower(${derivedParameters.label}) like ${pattern}`,
          sql`lower(${derivedParameters.name}) like ${pattern}`,
        )
      : undefined,
    filter.mtype ? eq(derivedParameters.mtype, filter.mtype) : undefined,
  );
  return readPage(exec, filter, {
    rows: async (limit, offset) => {
      const rows = await exec
        .select()
        .from(derivedParameters)
        .where(where)
        .orderBy(asc(sql`lower(${derivedParameters.label})`), asc(derivedParameters.id))
        .limit(limit)
        .offset(offset);
      const series = await findSeriesOf(
        exec,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDerivedParameter(row, series.get(row.id) ?? []));
    },
    matches: () => exec.select({ id: derivedParameters.id }).from(derivedParameters).where(where).$dynamic(),
    countKey: ['derived parameters', filter.search, filter.mtype],
  });
}

/** A derived parameter with its series, deleted or not; callers decide what a deleted one means. */
export async function findDerivedParameter(
  exec: Executor,
  id: number,
): Promise<DerivedParameter | undefined> {
  const [row] = await exec.select().from(derivedParameters).where(eq(derivedParameters.id, id));
  if (!row) return undefined;
  const series = await findSeriesOf(exec, [id]);
  return toDerivedParameter(row, series.get(id) ?? []);
}

/**
 * Serialises the writes of derived parameters: the checks that span the whole
 * catalogue (series names, cycles across parameters) read, then write, and two
 * saves at once must not both pass on what the other is about to change.
 */
export async function lockDerivedParameterCatalogue(exec: Executor): Promise<void> {
  await exec.execute(sql`select pg_advisory_xact_lock(hashtext('vayu.derived_parameters'))`);
}

/**
 * Whether a standard or derived parameter not deleted has this name (letter
 * case ignored); `exceptDerivedId` is the derived parameter being edited.
 */
export async function isCatalogueNameTaken(
  exec: Executor,
  name: string,
  exceptDerivedId?: number,
): Promise<boolean> {
  const lower = name.toLowerCase();
  const [standard] = await exec
    .select({ total: count() })
    .from(parameters)
    .where(and(eq(sql`lower(${parameters.name})`, lower), ne(parameters.status, 'DELETED')));
  if (Number(standard?.total ?? 0) > 0) return true;
  const [derived] = await exec
    .select({ total: count() })
    .from(derivedParameters)
    .where(
      and(
        eq(sql`lower(${derivedParameters.name})`, lower),
        ne(derivedParameters.status, 'DELETED'),
        exceptDerivedId === undefined ? undefined : ne(derivedParameters.id, exceptDerivedId),
      ),
    );
  return Number(derived?.total ?? 0) > 0;
}

/** Keys of the standard parameters not deleted, with what the key reference shows for them. */
export async function findStandardParameterKeys(
  exec: Executor,
): Promise<{ key: string; label: string; unit: string | null }[]> {
  return exec
    .select({ key: parameters.paramKey, label: parameters.label, unit: parameters.stdUnit })
    .from(parameters)
    .where(ne(parameters.status, 'DELETED'))
    .orderBy(asc(parameters.paramKey));
}

/** A derived series of a derived parameter not deleted, with the texts of its rows. */
export interface StoredDerivedSeries {
  id: number;
  name: string;
  label: string;
  /** The unit of its first row, else the derived parameter's standard unit. */
  unit: string | null;
  derivedParameterId: number;
  derivedParameterLabel: string;
  mtype: ParameterMtype;
  /** Conditions and expressions of its rows. */
  texts: string[];
}

/** Every series of every derived parameter not deleted, in catalogue order. */
export async function findStoredDerivedSeries(exec: Executor): Promise<StoredDerivedSeries[]> {
  const rows = await exec
    .select({
      id: derivedStdParams.id,
      name: derivedStdParams.derivedParamName,
      label: derivedStdParams.derivedParamLabel,
      derivedParameterId: derivedParameters.id,
      derivedParameterLabel: derivedParameters.label,
      mtype: derivedParameters.mtype,
      stdUnit: derivedParameters.stdUnit,
    })
    .from(derivedStdParams)
    .innerJoin(derivedParameters, eq(derivedParameters.id, derivedStdParams.derivedParameterId))
    .where(ne(derivedParameters.status, 'DELETED'))
    .orderBy(
      asc(sql`lower(${derivedParameters.label})`),
      asc(derivedParameters.id),
      asc(derivedStdParams.position),
    );
  if (rows.length === 0) return [];
  const expressionRows = await exec
    .select({
      seriesId: derivedExpressionProperties.derivedStdParamId,
      expressionParam: derivedExpressionProperties.expressionParam,
      conditionalStatement: derivedExpressionProperties.conditionalStatement,
      unit: derivedExpressionProperties.unit,
    })
    .from(derivedExpressionProperties)
    .where(
      inArray(
        derivedExpressionProperties.derivedStdParamId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(derivedExpressionProperties.derivedStdParamId), asc(derivedExpressionProperties.position));
  const texts = new Map<number, string[]>();
  const firstUnit = new Map<number, string | null>();
  for (const row of expressionRows) {
    if (!firstUnit.has(row.seriesId)) firstUnit.set(row.seriesId, row.unit);
    const list = texts.get(row.seriesId) ?? [];
    if (row.conditionalStatement) list.push(row.conditionalStatement);
    list.push(row.expressionParam);
    texts.set(row.seriesId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    label: row.label,
    unit: firstUnit.get(row.id) ?? row.stdUnit,
    derivedParameterId: row.derivedParameterId,
    derivedParameterLabel: row.derivedParameterLabel,
    mtype: row.mtype,
    texts: texts.get(row.id) ?? [],
  }));
}

/** The keys the rows of a stored series use. */
export function dependenciesOfSeries(series: StoredDerivedSeries, keys: readonly string[]): string[] {
  return [...new Set(series.texts.flatMap((text) => getExpressionDependencies(text, keys)))];
}

/**
 * A derived parameter not deleted whose conditions or expressions use this
 * key (a standard parameter's key or a series name), or null. Used before a
 * standard parameter is deleted or its key changes.
 */
export async function findDerivedSeriesUsingKey(
  exec: Executor,
  key: string,
): Promise<{ derivedParameterLabel: string } | null> {
  const series = await findStoredDerivedSeries(exec);
  // Cheap filter first: only rows that mention the key at all are parsed.
  const candidates = series.filter((item) => item.texts.some((text) => text.includes(key)));
  if (candidates.length === 0) return null;
  const keys = [
    ...new Set([
      ...(await findStandardParameterKeys(exec)).map((item) => item.key),
      ...series.map((s) => s.name),
      key,
    ]),
  ];
  const user = candidates.find((item) => dependenciesOfSeries(item, keys).includes(key));
  return user ? { derivedParameterLabel: user.derivedParameterLabel } : null;
}

export async function insertDerivedParameter(
  exec: Executor,
  values: DerivedParameterValues,
): Promise<number> {
  const [row] = await exec.insert(derivedParameters).values(values).returning({ id: derivedParameters.id });
  return row!.id;
}

/** Changes a derived parameter not deleted, only from its current version. */
export async function updateDerivedParameter(
  exec: Executor,
  id: number,
  version: number,
  values: DerivedParameterValues,
): Promise<boolean> {
  const rows = await exec
    .update(derivedParameters)
    .set({ ...values, version: sql`${derivedParameters.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(derivedParameters.id, id),
        ne(derivedParameters.status, 'DELETED'),
        eq(derivedParameters.version, version),
      ),
    )
    .returning({ id: derivedParameters.id });
  return rows.length > 0;
}

/** Writes the series and rows of a derived parameter, replacing what it had. */
export async function replaceDerivedSeries(
  exec: Executor,
  derivedParameterId: number,
  list: DerivedSeriesValues[],
): Promise<void> {
  // The rows go with their series (on delete cascade).
  await exec.delete(derivedStdParams).where(eq(derivedStdParams.derivedParameterId, derivedParameterId));
  for (const [position, series] of list.entries()) {
    const [row] = await exec
      .insert(derivedStdParams)
      .values({
        derivedParameterId,
        position,
        derivedParamName: series.derivedParamName,
        derivedParamLabel: series.derivedParamLabel,
      })
      .returning({ id: derivedStdParams.id });
    await exec.insert(derivedExpressionProperties).values(
      series.derivedExpressionProperties.map((expression, index) => ({
        derivedStdParamId: row!.id,
        position: index,
        ...expression,
      })),
    );
  }
}

/** Deleting only marks the row: its series stay, for history. */
export async function markDerivedParameterDeleted(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(derivedParameters)
    .set({ status: 'DELETED', version: sql`${derivedParameters.version} + 1`, updatedAt: new Date() })
    .where(and(eq(derivedParameters.id, id), ne(derivedParameters.status, 'DELETED')))
    .returning({ id: derivedParameters.id });
  return rows.length > 0;
}
