import {
  FIELD_MESSAGES,
  ENERGY_METRICS_UNKNOWN_MESSAGE,
  ENERGY_MTYPE,
  ENERGY_PARAMETER_EXISTS_MESSAGE,
  ENERGY_SOURCE_PARAMETER_MESSAGE,
  METRIC_EXISTS_MESSAGE,
  generateParameterIdentifiers,
  metricInUseMessage,
  type EnergyMetric,
  type EnergyMetricBody,
  type EnergyParameter,
  type EnergyParameterBody,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, fieldError, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  type EnergyParameterListFilter,
  type EnergyParameterValues,
  type MetricListFilter,
  findActiveMetricIds,
  findEnergyParameter,
  findEnergyParameterPage,
  findEnergyParameterUsingMetric,
  findMetric,
  findMetricPage,
  findSourceParameter,
  insertEnergyParameter,
  insertMetric,
  isEnergyParameterNameTaken,
  isMetricKeyTaken,
  markEnergyParameterDeleted,
  markMetricDeleted,
  setEnergyParameterMetrics,
  updateEnergyParameter,
  updateMetric,
} from './energy.repository.js';

const METRIC = 'energy_metric';
const ENERGY_PARAMETER = 'energy_parameter';
/** The edit schemas require it; this narrows the type for the update. */
function requireVersion(version: number | undefined): number {
  if (version === undefined) throw fieldError('version', FIELD_MESSAGES.required, 'FIELD_REQUIRED');
  return version;
}

/**
 * The energy module's catalogue: metrics and energy parameters. It is platform
 * master data like the standard parameters: every signed-in user reads it and
 * only the site changes it (the route table says so); every change is audited
 * in the transaction that makes it.
 */
export function createEnergyService({ db }: { db: Database }) {
  async function getActiveMetric(exec: Executor, id: number, options: { lock?: boolean } = {}) {
    const metric = await findMetric(exec, id, options);
    if (!metric || metric.status === 'DELETED') throw notFound('Metric');
    return metric;
  }

  async function getActiveEnergyParameter(exec: Executor, id: number) {
    const parameter = await findEnergyParameter(exec, id);
    if (!parameter || parameter.status === 'DELETED') throw notFound('Energy parameter');
    return parameter;
  }

  const refuseDuplicateMetric = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('METRIC_EXISTS', METRIC_EXISTS_MESSAGE);
    throw error;
  };
  const refuseDuplicateParameter = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('PARAMETER_EXISTS', ENERGY_PARAMETER_EXISTS_MESSAGE);
    throw error;
  };

  /**
   * The stored values of an energy parameter: name and key generated from the
   * label (never taken from the client); the feeding parameter must be an
   * energy parameter of the catalogue and every metric must exist.
   */
  async function energyValuesOf(exec: Executor, body: EnergyParameterBody): Promise<EnergyParameterValues> {
    if (body.parameterId !== null) {
      const source = await findSourceParameter(exec, body.parameterId);
      if (!source || source.mtype !== ENERGY_MTYPE) {
        throw fieldError('parameterId', ENERGY_SOURCE_PARAMETER_MESSAGE, 'FIELD_RULE');
      }
    }
    const found = await findActiveMetricIds(exec, body.metricIds);
    if (found.length !== body.metricIds.length) {
      throw fieldError('metricIds', ENERGY_METRICS_UNKNOWN_MESSAGE, 'FIELD_RULE');
    }
    const { name, paramKey } = generateParameterIdentifiers(body.label);
    return {
      name,
      paramKey,
      label: body.label,
      category: body.category,
      unit: body.unit,
      parameterId: body.parameterId,
      isCumulative: body.isCumulative,
      isAlertEnabled: body.isAlertEnabled,
    };
  }

  return {
    // -- metrics ---------------------------------------------------------------

    listMetrics(_ctx: RequestContext, filter: MetricListFilter): Promise<Page<EnergyMetric>> {
      return findMetricPage(db, filter);
    },

    getMetric(_ctx: RequestContext, id: number): Promise<EnergyMetric> {
      return getActiveMetric(db, id);
    },

    async createMetric(ctx: RequestContext, body: EnergyMetricBody): Promise<EnergyMetric> {
      const id = await db
        .transaction(async (tx) => {
          if (await isMetricKeyTaken(tx, body.key))
            throw new AppError('METRIC_EXISTS', METRIC_EXISTS_MESSAGE);
          const newId = await insertMetric(tx, { key: body.key, value: body.value, label: body.label });
          await recordAudit(tx, ctx, {
            entity: METRIC,
            entityId: newId,
            action: 'CREATE',
            oldValue: null,
            newValue: await findMetric(tx, newId),
          });
          return newId;
        })
        .catch(refuseDuplicateMetric);
      return (await findMetric(db, id))!;
    },

    async updateMetric(ctx: RequestContext, id: number, body: EnergyMetricBody): Promise<EnergyMetric> {
      const version = requireVersion(body.version);
      await db
        .transaction(async (tx) => {
          const current = await getActiveMetric(tx, id);
          if (await isMetricKeyTaken(tx, body.key, id))
            throw new AppError('METRIC_EXISTS', METRIC_EXISTS_MESSAGE);
          const values = { key: body.key, value: body.value, label: body.label };
          if (!(await updateMetric(tx, id, version, values))) throw staleVersion();
          await recordAudit(tx, ctx, {
            entity: METRIC,
            entityId: id,
            action: 'UPDATE',
            oldValue: current,
            newValue: await findMetric(tx, id),
          });
        })
        .catch(refuseDuplicateMetric);
      return (await findMetric(db, id))!;
    },

    async deleteMetric(ctx: RequestContext, id: number): Promise<EnergyMetric> {
      await db.transaction(async (tx) => {
        // Locked first: an energy parameter taking this metric now waits, then sees it deleted.
        const current = await getActiveMetric(tx, id, { lock: true });
        const user = await findEnergyParameterUsingMetric(tx, id);
        if (user) {
          throw new AppError('METRIC_IN_USE', metricInUseMessage(user.label), undefined, {
            usedBy: user.label,
          });
        }
        if (!(await markMetricDeleted(tx, id))) throw notFound('Metric');
        await recordAudit(tx, ctx, {
          entity: METRIC,
          entityId: id,
          action: 'DELETE',
          oldValue: current,
          newValue: await findMetric(tx, id),
        });
      });
      return (await findMetric(db, id))!;
    },

    // -- energy parameters -----------------------------------------------------

    listEnergyParameters(
      _ctx: RequestContext,
      filter: EnergyParameterListFilter,
    ): Promise<Page<EnergyParameter>> {
      return findEnergyParameterPage(db, filter);
    },

    getEnergyParameter(_ctx: RequestContext, id: number): Promise<EnergyParameter> {
      return getActiveEnergyParameter(db, id);
    },

    async createEnergyParameter(ctx: RequestContext, body: EnergyParameterBody): Promise<EnergyParameter> {
      const id = await db
        .transaction(async (tx) => {
          const values = await energyValuesOf(tx, body);
          if (await isEnergyParameterNameTaken(tx, values.name)) {
            throw new AppError('PARAMETER_EXISTS', ENERGY_PARAMETER_EXISTS_MESSAGE);
          }
          const newId = await insertEnergyParameter(tx, values);
          await setEnergyParameterMetrics(tx, newId, body.metricIds);
          await recordAudit(tx, ctx, {
            entity: ENERGY_PARAMETER,
            entityId: newId,
            action: 'CREATE',
            oldValue: null,
            newValue: await findEnergyParameter(tx, newId),
          });
          return newId;
        })
        .catch(refuseDuplicateParameter);
      return (await findEnergyParameter(db, id))!;
    },

    async updateEnergyParameter(
      ctx: RequestContext,
      id: number,
      body: EnergyParameterBody,
    ): Promise<EnergyParameter> {
      const version = requireVersion(body.version);
      await db
        .transaction(async (tx) => {
          const current = await getActiveEnergyParameter(tx, id);
          const values = await energyValuesOf(tx, body);
          if (await isEnergyParameterNameTaken(tx, values.name, id)) {
            throw new AppError('PARAMETER_EXISTS', ENERGY_PARAMETER_EXISTS_MESSAGE);
          }
          if (!(await updateEnergyParameter(tx, id, version, values))) throw staleVersion();
          await setEnergyParameterMetrics(tx, id, body.metricIds);
          await recordAudit(tx, ctx, {
            entity: ENERGY_PARAMETER,
            entityId: id,
            action: 'UPDATE',
            oldValue: current,
            newValue: await findEnergyParameter(tx, id),
          });
        })
        .catch(refuseDuplicateParameter);
      return (await findEnergyParameter(db, id))!;
    },

    async deleteEnergyParameter(ctx: RequestContext, id: number): Promise<EnergyParameter> {
      await db.transaction(async (tx) => {
        const current = await getActiveEnergyParameter(tx, id);
        if (!(await markEnergyParameterDeleted(tx, id))) throw notFound('Energy parameter');
        await recordAudit(tx, ctx, {
          entity: ENERGY_PARAMETER,
          entityId: id,
          action: 'DELETE',
          oldValue: current,
          newValue: await findEnergyParameter(tx, id),
        });
      });
      return (await findEnergyParameter(db, id))!;
    },
  };
}

export type EnergyService = ReturnType<typeof createEnergyService>;
