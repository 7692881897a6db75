import {
  FIELD_MESSAGES,
  PARAMETER_EXISTS_MESSAGE,
  checkDerivedParameterExpressions,
  checkDerivedSeriesNames,
  derivedParameterInUseMessage,
  derivedSeriesInUseMessage,
  generateParameterIdentifiers,
  getDerivedSeriesName,
  toDerivedFieldError,
  type DerivedParameter,
  type DerivedParameterBody,
  type EnergyDerivedMetric,
  type ExpressionKey,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, badRequest, fieldError, notFound, staleVersion } from '../../lib/errors.js';
import { forgetDerivedDefinitions } from '../telemetry/derived.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  type DerivedParameterListFilter,
  type DerivedParameterValues,
  type DerivedSeriesValues,
  type StoredDerivedSeries,
  dependenciesOfSeries,
  findDerivedParameter,
  findDerivedParameterPage,
  findStandardParameterKeys,
  findStoredDerivedSeries,
  insertDerivedParameter,
  isCatalogueNameTaken,
  lockDerivedParameterCatalogue,
  markDerivedParameterDeleted,
  replaceDerivedSeries,
  updateDerivedParameter,
} from './derived-parameters.repository.js';

const ENTITY = 'derived_parameter';
const INVALID_FIELDS_MESSAGE = 'The request has invalid fields.';

/** A stored series with the keys its rows use. */
type SeriesWithDependencies = StoredDerivedSeries & { dependsOn: string[] };

/**
 * What expressions may refer to: the keys of standard parameters and the
 * series of derived parameters (each with the keys it uses), all not deleted.
 */
async function loadExpressionCatalogue(exec: Executor) {
  const standard = await findStandardParameterKeys(exec);
  const stored = await findStoredDerivedSeries(exec);
  const allKeys = [...new Set([...standard.map((item) => item.key), ...stored.map((series) => series.name)])];
  const series: SeriesWithDependencies[] = stored.map((item) => ({
    ...item,
    dependsOn: dependenciesOfSeries(item, allKeys),
  }));
  return { standard, series };
}

/** The series stored for a body: names generated from the labels. */
function seriesValuesOf(body: DerivedParameterBody): DerivedSeriesValues[] {
  return body.derivedStdParamList.map((series) => ({
    derivedParamName: getDerivedSeriesName(series.derivedParamLabel),
    derivedParamLabel: series.derivedParamLabel,
    derivedExpressionProperties: series.derivedExpressionProperties.map((row) => ({
      conditionalStatement: row.conditionalStatement,
      expressionParam: row.expressionParam,
      dataSource: row.dataSource,
      unit: row.unit,
    })),
  }));
}

function valuesOf(body: DerivedParameterBody): DerivedParameterValues {
  const label = body.label.trim();
  return {
    ...generateParameterIdentifiers(label),
    label,
    mtype: body.mtype,
    stdUnit: body.stdUnit,
    alertLabel: body.alertLabel,
    metricAgg: body.metricAgg,
    metricDownsampleAgg: body.metricDownsampleAgg,
    isAlertEnabled: body.isAlertEnabled,
  };
}

export function createDerivedParametersService({ db }: { db: Database }) {
  async function getActive(exec: Executor, id: number) {
    const parameter = await findDerivedParameter(exec, id);
    if (!parameter || parameter.status === 'DELETED') throw notFound('Derived parameter');
    return parameter;
  }

  /**
   * The checks that need the catalogue, run inside the write's transaction
   * after the lock: the name is free, series names are free, every condition
   * and expression parses against known keys, and no series depends on itself.
   * `selfId` is the derived parameter being edited: its stored series do not count.
   */
  async function checkAgainstCatalogue(exec: Executor, body: DerivedParameterBody, selfId?: number) {
    const values = valuesOf(body);
    if (await isCatalogueNameTaken(exec, values.name, selfId))
      throw new AppError('PARAMETER_EXISTS', PARAMETER_EXISTS_MESSAGE);
    const catalogue = await loadExpressionCatalogue(exec);
    const others = catalogue.series.filter((series) => series.derivedParameterId !== selfId);
    const standardKeys = catalogue.standard.map((item) => item.key);
    const issues = [
      ...checkDerivedSeriesNames(
        body,
        standardKeys,
        others.map((series) => ({ name: series.name, derivedParameterLabel: series.derivedParameterLabel })),
      ),
      ...checkDerivedParameterExpressions(
        body,
        [...standardKeys, ...others.map((series) => series.name)],
        Object.fromEntries(others.map((series) => [series.name, series.dependsOn])),
      ),
    ];
    if (issues.length > 0) throw badRequest(INVALID_FIELDS_MESSAGE, issues.map(toDerivedFieldError));
    return { values, catalogue };
  }

  const refuseDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('PARAMETER_EXISTS', PARAMETER_EXISTS_MESSAGE);
    throw error;
  };

  return {
    /** The catalogue is platform master data: every signed-in user reads it. */
    listDerivedParameters(
      _ctx: RequestContext,
      filter: DerivedParameterListFilter,
    ): Promise<Page<DerivedParameter>> {
      return findDerivedParameterPage(db, filter);
    },

    getDerivedParameter(_ctx: RequestContext, id: number): Promise<DerivedParameter> {
      return getActive(db, id);
    },

    /** Every key an expression may use, sorted: standard keys and derived series names. */
    async listExpressionKeys(_ctx: RequestContext): Promise<ExpressionKey[]> {
      const { standard, series } = await loadExpressionCatalogue(db);
      const keys: ExpressionKey[] = [
        ...standard.map((item) => ({
          key: item.key,
          label: item.label,
          kind: 'standard' as const,
          unit: item.unit,
          derivedParameterId: null,
          derivedParameterLabel: null,
          dependsOn: [],
        })),
        ...series.map((item) => ({
          key: item.name,
          label: item.label,
          kind: 'derived' as const,
          unit: item.unit,
          derivedParameterId: item.derivedParameterId,
          derivedParameterLabel: item.derivedParameterLabel,
          dependsOn: item.dependsOn,
        })),
      ];
      return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.kind < b.kind ? -1 : 1));
    },

    /** The series of energy derived parameters: what energy screens offer as derived metrics. */
    async listEnergyDerivedMetrics(_ctx: RequestContext): Promise<EnergyDerivedMetric[]> {
      const series = await findStoredDerivedSeries(db);
      return series
        .filter((item) => item.mtype === 'energy')
        .map((item) => ({
          id: item.id,
          key: item.name,
          label: item.label,
          unit: item.unit,
          derivedParameterId: item.derivedParameterId,
          derivedParameterLabel: item.derivedParameterLabel,
        }));
    },

    async createDerivedParameter(ctx: RequestContext, body: DerivedParameterBody): Promise<DerivedParameter> {
      const id = await db
        .transaction(async (tx) => {
          await lockDerivedParameterCatalogue(tx);
          const { values } = await checkAgainstCatalogue(tx, body);
          const newId = await insertDerivedParameter(tx, values);
          await replaceDerivedSeries(tx, newId, seriesValuesOf(body));
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: newId,
            action: 'CREATE',
            oldValue: null,
            newValue: await findDerivedParameter(tx, newId),
          });
          return newId;
        })
        .catch(refuseDuplicate);
      forgetDerivedDefinitions(db);
      return (await findDerivedParameter(db, id))!;
    },

    async updateDerivedParameter(
      ctx: RequestContext,
      id: number,
      body: DerivedParameterBody,
    ): Promise<DerivedParameter> {
      const version = body.version;
      if (version === undefined) throw fieldError('version', FIELD_MESSAGES.required, 'FIELD_REQUIRED');
      await db
        .transaction(async (tx) => {
          await lockDerivedParameterCatalogue(tx);
          const current = await getActive(tx, id);
          if (current.version !== version) throw staleVersion();
          const { values, catalogue } = await checkAgainstCatalogue(tx, body, id);
          // A series another derived parameter uses must keep its name.
          const kept = new Set(
            body.derivedStdParamList.map((series) => getDerivedSeriesName(series.derivedParamLabel)),
          );
          for (const series of current.derivedStdParamList) {
            if (kept.has(series.derivedParamName)) continue;
            const user = catalogue.series.find(
              (other) => other.derivedParameterId !== id && other.dependsOn.includes(series.derivedParamName),
            );
            if (user)
              throw new AppError(
                'DERIVED_PARAMETER_IN_USE',
                derivedSeriesInUseMessage(series.derivedParamName, user.derivedParameterLabel),
                undefined,
                { action: 'rename', series: series.derivedParamName, usedBy: user.derivedParameterLabel },
              );
          }
          if (!(await updateDerivedParameter(tx, id, version, values))) throw staleVersion();
          await replaceDerivedSeries(tx, id, seriesValuesOf(body));
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: id,
            action: 'UPDATE',
            oldValue: current,
            newValue: await findDerivedParameter(tx, id),
          });
        })
        .catch(refuseDuplicate);
      // The 15-minute data computes with the saved expressions at once in this process.
      forgetDerivedDefinitions(db);
      return (await findDerivedParameter(db, id))!;
    },

    async deleteDerivedParameter(ctx: RequestContext, id: number): Promise<DerivedParameter> {
      await db.transaction(async (tx) => {
        await lockDerivedParameterCatalogue(tx);
        const current = await getActive(tx, id);
        const names = new Set(current.derivedStdParamList.map((series) => series.derivedParamName));
        const { series } = await loadExpressionCatalogue(tx);
        const user = series.find(
          (other) => other.derivedParameterId !== id && other.dependsOn.some((key) => names.has(key)),
        );
        if (user) {
          throw new AppError(
            'DERIVED_PARAMETER_IN_USE',
            derivedParameterInUseMessage(user.derivedParameterLabel),
            undefined,
            { action: 'delete', usedBy: user.derivedParameterLabel },
          );
        }
        if (!(await markDerivedParameterDeleted(tx, id))) throw notFound('Derived parameter');
        await recordAudit(tx, ctx, {
          entity: ENTITY,
          entityId: id,
          action: 'DELETE',
          oldValue: current,
          newValue: { ...current, status: 'DELETED' },
        });
      });
      forgetDerivedDefinitions(db);
      return (await findDerivedParameter(db, id))!;
    },
  };
}

export type DerivedParametersService = ReturnType<typeof createDerivedParametersService>;
