import {
  CAAQMS_LABEL_MESSAGE,
  COUNTER_DEFAULT_RESET_VALUE,
  PARAMETER_EXISTS_MESSAGE,
  UNITS,
  generateParameterIdentifiers,
  getParameterUnits,
  getStoredParameterLabel,
  isCaaqmsLabelValid,
  type Page,
  type Parameter,
  type ParameterBody,
} from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { AppError, badRequest, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import { findDerivedSeriesUsingKey } from '../derived-parameters/derived-parameters.repository.js';
import { findDiagnosticUseOfParameter } from '../diagnostics/diagnostics.repository.js';
import { findEnergyUseOfParameter } from '../energy/energy.repository.js';
import {
  type ParameterListFilter,
  type ParameterValues,
  findParameter,
  findParameterPage,
  insertParameter,
  isParameterInUse,
  isKeyADerivedSeriesName,
  isParameterNameTaken,
  lockParameter,
  markParameterDeleted,
  updateParameter,
} from './parameters.repository.js';

const ENTITY = 'parameter';
const BASE_PARAMETER_MESSAGE = 'Choose a base parameter that exists.';

/**
 * Why a parameter cannot be deleted, or null when nothing uses it: a
 * functional parameter based on it, a derived expression using its key, a
 * diagnostic set-up listing it, or an energy parameter it feeds. Devices join
 * this check when they exist.
 */
async function findParameterUse(exec: Executor, parameter: Parameter): Promise<AppError | null> {
  const inUse = (usedByKind: string, usedBy: string, message: string) =>
    new AppError('PARAMETER_IN_USE', message, undefined, { action: 'delete', usedByKind, usedBy });
  const functional = await isParameterInUse(exec, parameter.id);
  if (functional) {
    return inUse(
      'functional',
      functional.parameterLabel,
      `This parameter is the base of the functional parameter "${functional.parameterLabel}" and cannot be deleted.`,
    );
  }
  const derived = await findDerivedSeriesUsingKey(exec, parameter.paramKey);
  if (derived) {
    return inUse(
      'derived',
      derived.derivedParameterLabel,
      `This parameter is used by the derived parameter "${derived.derivedParameterLabel}" and cannot be deleted.`,
    );
  }
  const diagnostic = await findDiagnosticUseOfParameter(exec, parameter.id);
  if (diagnostic) {
    return inUse(
      'diagnostic',
      diagnostic.description,
      `This parameter is one of ${diagnostic.description} and cannot be deleted.`,
    );
  }
  const energy = await findEnergyUseOfParameter(exec, parameter.id);
  if (energy) {
    return inUse(
      'energy',
      energy.label,
      `This parameter feeds the energy parameter "${energy.label}" and cannot be deleted.`,
    );
  }
  return null;
}

export function createParametersService({ db }: { db: Database }) {
  async function getActiveParameter(exec: Executor, id: number) {
    const parameter = await findParameter(exec, id);
    if (!parameter || parameter.status === 'DELETED') throw notFound('Parameter');
    return parameter;
  }

  /**
   * The values stored for a form: label with the CAAQMS prefix when asked,
   * identifiers generated from that label (never taken from the client),
   * counter reset only for counters, base parameter only for functional ones.
   */
  async function valuesOf(exec: Executor, body: ParameterBody, selfId?: number): Promise<ParameterValues> {
    const label = getStoredParameterLabel(body);
    // The stored label is what the rule is about, whatever the form sent.
    if (body.type === 'CAAQMS' && !isCaaqmsLabelValid(label)) {
      throw badRequest(CAAQMS_LABEL_MESSAGE, [{ path: 'label', message: CAAQMS_LABEL_MESSAGE }]);
    }
    const isFunctional = body.type === 'FUNCTIONAL';
    if (isFunctional) {
      const baseId = body.baseParamId ?? null;
      const base = baseId === null || baseId === selfId ? undefined : await findParameter(exec, baseId);
      if (!base || base.status === 'DELETED') {
        throw badRequest(BASE_PARAMETER_MESSAGE, [{ path: 'baseParamId', message: BASE_PARAMETER_MESSAGE }]);
      }
    }
    return {
      ...generateParameterIdentifiers(label),
      label,
      mtype: body.mtype,
      type: body.type,
      stdUnit: body.stdUnit,
      defaultStdUnit: body.defaultStdUnit,
      alertLabel: body.alertLabel,
      metricAgg: body.metricAgg,
      metricDownsampleAgg: body.metricDownsampleAgg,
      isAlertEnabled: body.isAlertEnabled,
      isCounter: body.isCounter,
      counterResetValue: body.isCounter ? (body.counterResetValue ?? COUNTER_DEFAULT_RESET_VALUE) : null,
      isConversion: body.isConversion,
      showWidget: body.showWidget,
      dataStoreType: body.dataStoreType,
      baseParamId: isFunctional ? (body.baseParamId ?? null) : null,
      isLinear: isFunctional ? (body.isLinear ?? false) : null,
    };
  }

  const refuseDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('PARAMETER_EXISTS', PARAMETER_EXISTS_MESSAGE);
    throw error;
  };

  return {
    /** The catalogue is platform master data: every signed-in user reads it. */
    listParameters(_ctx: RequestContext, filter: ParameterListFilter): Promise<Page<Parameter>> {
      return findParameterPage(db, filter);
    },

    getParameter(_ctx: RequestContext, id: number): Promise<Parameter> {
      return getActiveParameter(db, id);
    },

    async createParameter(ctx: RequestContext, body: ParameterBody): Promise<Parameter> {
      const id = await db
        .transaction(async (tx) => {
          const values = await valuesOf(tx, body);
          if (await isParameterNameTaken(tx, values.name))
            throw new AppError('PARAMETER_EXISTS', PARAMETER_EXISTS_MESSAGE);
          if (await isKeyADerivedSeriesName(tx, values.paramKey))
            throw new AppError('PARAMETER_EXISTS', PARAMETER_EXISTS_MESSAGE);
          const newId = await insertParameter(tx, values);
          const created = await findParameter(tx, newId);
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: newId,
            action: 'CREATE',
            oldValue: null,
            newValue: created,
          });
          return newId;
        })
        .catch(refuseDuplicate);
      return (await findParameter(db, id))!;
    },

    async updateParameter(ctx: RequestContext, id: number, body: ParameterBody): Promise<Parameter> {
      const version = body.version;
      if (version === undefined) {
        throw badRequest('This field is required', [{ path: 'version', message: 'This field is required' }]);
      }
      await db
        .transaction(async (tx) => {
          await lockParameter(tx, id);
          const current = await getActiveParameter(tx, id);
          const values = await valuesOf(tx, body, id);
          if (await isParameterNameTaken(tx, values.name, id))
            throw new AppError('PARAMETER_EXISTS', PARAMETER_EXISTS_MESSAGE);
          if (values.paramKey !== current.paramKey && (await isKeyADerivedSeriesName(tx, values.paramKey))) {
            throw new AppError('PARAMETER_EXISTS', PARAMETER_EXISTS_MESSAGE);
          }
          if (values.paramKey !== current.paramKey) {
            // Derived expressions name parameters by key: a renamed key would leave them dangling.
            const derived = await findDerivedSeriesUsingKey(tx, current.paramKey);
            if (derived) {
              throw new AppError(
                'PARAMETER_IN_USE',
                `The key "${current.paramKey}" is used by the derived parameter "${derived.derivedParameterLabel}"; change that expression before renaming this parameter.`,
                undefined,
                {
                  action: 'rename',
                  key: current.paramKey,
                  usedByKind: 'derived',
                  usedBy: derived.derivedParameterLabel,
                },
              );
            }
          }
          if (!(await updateParameter(tx, id, version, values))) throw staleVersion();
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: id,
            action: 'UPDATE',
            oldValue: current,
            newValue: await findParameter(tx, id),
          });
        })
        .catch(refuseDuplicate);
      return (await findParameter(db, id))!;
    },

    async deleteParameter(ctx: RequestContext, id: number): Promise<Parameter> {
      await db.transaction(async (tx) => {
        await lockParameter(tx, id);
        const current = await getActiveParameter(tx, id);
        const use = await findParameterUse(tx, current);
        if (use) throw use;
        if (!(await markParameterDeleted(tx, id))) throw notFound('Parameter');
        await recordAudit(tx, ctx, {
          entity: ENTITY,
          entityId: id,
          action: 'DELETE',
          oldValue: current,
          newValue: { ...current, status: 'DELETED' },
        });
      });
      return (await findParameter(db, id))!;
    },

    /** The units a parameter's readings may arrive in, with the conversion to its standard unit. */
    async getParameterUnits(_ctx: RequestContext, id: number) {
      const parameter = await getActiveParameter(db, id);
      return { parameterId: parameter.id, ...getParameterUnits(parameter) };
    },

    listUnits() {
      return UNITS.map((unit) => ({ code: unit.code, label: unit.label, quantity: unit.quantity }));
    },
  };
}

export type ParametersService = ReturnType<typeof createParametersService>;
