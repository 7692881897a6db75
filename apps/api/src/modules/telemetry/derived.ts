import { asc, eq, ne, sql } from 'drizzle-orm';
import {
  compileDerivedExpression,
  type CompiledExpression,
  type DataPoint,
  type DataSeries,
} from '@vayu/domain';
import type { Database } from '../../db/client.js';
import { derivedExpressionProperties, derivedParameters, derivedStdParams } from '../../db/schema/index.js';
import { findStandardParameterKeys } from '../derived-parameters/derived-parameters.repository.js';

/*
 * Derived series of the catalogue computed on the slots of the data endpoint
 * (15-minute values by default; hours and days alike), whatever `dataSource`
 * a row names: the endpoint has nothing finer to read.
 *
 * At each slot the rows are tried in order: the first whose condition holds
 * gives the value. The slot has no value when a condition that has to be
 * tried cannot be told (an input missing) or the applying expression has no
 * finite value (an input missing, a division by zero): falling through to the
 * next row would report, say, a concentration not corrected for oxygen as
 * corrected, and boards require that values are never invented.
 *
 * Devices: a point may have several devices. Where one device has every input
 * of a series, the series is computed for that device from its own values (two
 * analysers measuring `so2` give two series). Where no device has them all (an
 * analyser for `so2`, a flow meter for `stack_flow`), the point's values are
 * used, taking each key from the first device that has it, in the order the
 * series come; the result is shown under the device of its first input.
 */

/** How long the catalogue's derived series are kept before they are read again; they change rarely. */
const DEFINITIONS_TTL_MS = 30_000;

/** A derived series of the catalogue, with its rows parsed once. */
interface DerivedDefinition {
  derivedParameterId: number;
  name: string;
  label: string;
  unit: string | null;
  rows: { condition: CompiledExpression | null; expression: CompiledExpression }[];
  /** Every key its rows read: those of the expressions first (the first names the device), then conditions'. */
  inputs: string[];
}

const cache = new WeakMap<Database, { loadedAt: number; definitions: Promise<DerivedDefinition[]> }>();

/** Makes the next computation read the catalogue again (after a derived parameter is saved). */
export function forgetDerivedDefinitions(db: Database): void {
  cache.delete(db);
}

function loadDerivedDefinitions(db: Database): Promise<DerivedDefinition[]> {
  const now = Date.now();
  const cached = cache.get(db);
  if (cached && now - cached.loadedAt < DEFINITIONS_TTL_MS) return cached.definitions;
  const definitions = readDerivedDefinitions(db);
  cache.set(db, { loadedAt: now, definitions });
  // A failed read is not kept: the next request tries again.
  definitions.catch(() => {
    if (cache.get(db)?.definitions === definitions) cache.delete(db);
  });
  return definitions;
}

async function readDerivedDefinitions(db: Database): Promise<DerivedDefinition[]> {
  const rows = await db
    .select({
      seriesId: derivedStdParams.id,
      name: derivedStdParams.derivedParamName,
      label: derivedStdParams.derivedParamLabel,
      derivedParameterId: derivedParameters.id,
      stdUnit: derivedParameters.stdUnit,
      condition: derivedExpressionProperties.conditionalStatement,
      expression: derivedExpressionProperties.expressionParam,
      unit: derivedExpressionProperties.unit,
    })
    .from(derivedStdParams)
    .innerJoin(derivedParameters, eq(derivedParameters.id, derivedStdParams.derivedParameterId))
    .innerJoin(
      derivedExpressionProperties,
      eq(derivedExpressionProperties.derivedStdParamId, derivedStdParams.id),
    )
    .where(ne(derivedParameters.status, 'DELETED'))
    .orderBy(
      asc(sql`lower(${derivedParameters.label})`),
      asc(derivedParameters.id),
      asc(derivedStdParams.position),
      asc(derivedExpressionProperties.position),
    );
  if (rows.length === 0) return [];
  // The names expressions may use, as when they were saved.
  const knownKeys = [
    ...new Set([
      ...(await findStandardParameterKeys(db)).map((item) => item.key),
      ...rows.map((row) => row.name),
    ]),
  ];

  const bySeries = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = bySeries.get(row.seriesId);
    if (list) list.push(row);
    else bySeries.set(row.seriesId, [row]);
  }
  const definitions: DerivedDefinition[] = [];
  for (const seriesRows of bySeries.values()) {
    const first = seriesRows[0]!;
    const compiled: DerivedDefinition['rows'] = [];
    for (const row of seriesRows) {
      const condition = row.condition?.trim() ? compileDerivedExpression(row.condition, knownKeys) : null;
      const expression = compileDerivedExpression(row.expression, knownKeys);
      // A row that no longer parses could be the one that applies: the series is not computed at all.
      if (!expression || (row.condition?.trim() && !condition)) break;
      compiled.push({ condition, expression });
    }
    if (compiled.length !== seriesRows.length) continue;
    const inputs = new Set<string>();
    for (const row of compiled) row.expression.dependencies.forEach((key) => inputs.add(key));
    for (const row of compiled) row.condition?.dependencies.forEach((key) => inputs.add(key));
    definitions.push({
      derivedParameterId: first.derivedParameterId,
      name: first.name,
      label: first.label,
      unit: first.unit ?? first.stdUnit,
      rows: compiled,
      inputs: [...inputs],
    });
  }
  return definitions;
}

/** The definitions to compute for `roots`: each after the derived series it reads. */
function inDependencyOrder(
  roots: readonly DerivedDefinition[],
  byName: ReadonlyMap<string, DerivedDefinition>,
): DerivedDefinition[] {
  const seen = new Set<string>();
  const order: DerivedDefinition[] = [];
  const visit = (definition: DerivedDefinition) => {
    // Seen already: done, or a cycle the catalogue refuses on save; a series in one never gets its inputs.
    if (seen.has(definition.name)) return;
    seen.add(definition.name);
    for (const key of definition.inputs) {
      const dependency = byName.get(key);
      if (dependency) visit(dependency);
    }
    order.push(definition);
  };
  roots.forEach(visit);
  return order;
}

/**
 * The value of a slot by the first row whose condition holds, with the keys
 * read to reach it; null when it cannot be told (see the notes above).
 */
function applyRows(
  rows: DerivedDefinition['rows'],
  values: Readonly<Record<string, number>>,
): { value: number; read: Set<string> } | null {
  const read = new Set<string>();
  for (const row of rows) {
    if (row.condition) {
      const holds = row.condition.holds(values);
      if (holds === null) return null;
      row.condition.dependencies.forEach((key) => read.add(key));
      if (!holds) continue;
    }
    const value = row.expression.evaluate(values);
    if (value === null) return null;
    row.expression.dependencies.forEach((key) => read.add(key));
    return { value, read };
  }
  return null;
}

/** One derived series from its input series (one per key). */
function computeSeries(definition: DerivedDefinition, inputs: ReadonlyMap<string, DataSeries>): DataSeries {
  const owner = inputs.get(definition.inputs[0]!)!;
  const pointsByKey = new Map<string, Map<string, DataPoint>>();
  const times = new Map<string, number>();
  for (const [key, series] of inputs) {
    const byTime = new Map<string, DataPoint>();
    for (const point of series.points) {
      byTime.set(point.t, point);
      if (!times.has(point.t)) times.set(point.t, Date.parse(point.t));
    }
    pointsByKey.set(key, byTime);
  }

  const points: DataPoint[] = [];
  for (const [t] of [...times].sort((a, b) => a[1] - b[1])) {
    // No prototype: a key is only ever a value of this slot.
    const values = Object.create(null) as Record<string, number>;
    const counts = new Map<string, number>();
    for (const [key, byTime] of pointsByKey) {
      const point = byTime.get(t);
      if (!point) continue;
      values[key] = point.value;
      counts.set(key, point.count);
    }
    const applied = applyRows(definition.rows, values);
    if (!applied) continue;
    // A constant row reached without reading anything stands on every input of the slot.
    const counted = applied.read.size > 0 ? [...applied.read] : [...counts.keys()];
    const count = Math.min(...counted.map((key) => counts.get(key) ?? 0));
    points.push({
      t,
      value: applied.value,
      count,
      min: applied.value,
      max: applied.value,
      provenance: 'derived',
    });
  }
  return {
    deviceId: owner.deviceId,
    deviceName: owner.deviceName,
    parameterId: definition.derivedParameterId,
    key: definition.name,
    label: definition.label,
    unit: definition.unit,
    aggregation: 'AVG',
    isDerived: true,
    points,
  };
}

/** The series of one definition from what is available: per device where one has every input, else the point's. */
function computeDefinition(definition: DerivedDefinition, available: readonly DataSeries[]): DataSeries[] {
  // A series of constants reads nothing of the point: there is no device to show it under.
  if (definition.inputs.length === 0) return [];
  const pick = (matches: (series: DataSeries) => boolean): Map<string, DataSeries> | null => {
    const inputs = new Map<string, DataSeries>();
    for (const key of definition.inputs) {
      const found = available.find((series) => series.key === key && matches(series));
      if (!found) return null;
      inputs.set(key, found);
    }
    return inputs;
  };
  const deviceIds = [...new Set(available.map((series) => series.deviceId))];
  const perDevice: DataSeries[] = [];
  for (const deviceId of deviceIds) {
    const inputs = pick((series) => series.deviceId === deviceId);
    if (inputs) perDevice.push(computeSeries(definition, inputs));
  }
  if (perDevice.length > 0) return perDevice;
  const inputs = pick(() => true);
  return inputs ? [computeSeries(definition, inputs)] : [];
}

/**
 * Series of the catalogue's derived parameters computed from the 15-minute
 * values of `series`. Only derived series asked for by key (lower-cased in
 * `wanted`; all, when it is empty) whose inputs are all present are computed;
 * those they read are computed too, and left out of the answer unless asked for.
 */
export async function deriveSeries(
  db: Database,
  series: readonly DataSeries[],
  wanted: ReadonlySet<string>,
): Promise<DataSeries[]> {
  const definitions = await loadDerivedDefinitions(db);
  if (definitions.length === 0) return [];
  const isWanted = (definition: DerivedDefinition) =>
    wanted.size === 0 || wanted.has(definition.name.toLowerCase());
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const available: DataSeries[] = [...series];
  const result: DataSeries[] = [];
  for (const definition of inDependencyOrder(definitions.filter(isWanted), byName)) {
    const computed = computeDefinition(definition, available);
    available.push(...computed);
    if (isWanted(definition)) result.push(...computed);
  }
  return result;
}

/**
 * The keys of the measured parameters (lower-cased) that the derived series
 * asked for read, directly or through other derived series: the data endpoint
 * reads them too when only derived series are asked for.
 */
export async function findDerivedInputKeys(db: Database, wanted: ReadonlySet<string>): Promise<Set<string>> {
  const keys = new Set<string>();
  if (wanted.size === 0) return keys;
  const definitions = await loadDerivedDefinitions(db);
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const roots = definitions.filter((definition) => wanted.has(definition.name.toLowerCase()));
  for (const definition of inDependencyOrder(roots, byName)) {
    for (const key of definition.inputs) if (!byName.has(key)) keys.add(key.toLowerCase());
  }
  return keys;
}
