import {
  DIAGNOSTIC_MODEL_TAKEN_MESSAGE,
  DIAGNOSTIC_TENANT_TAKEN_MESSAGE,
  FIELD_MESSAGES,
  getStoredUploadMethod,
  type DiagnosticParam,
  type DiagnosticParamBody,
  type DiagnosticParamListQuery,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { type DataScope, scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, fieldError, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type DiagnosticParamValues,
  findActiveSetUpOfOwner,
  findDiagnosticParam,
  findDiagnosticParamPage,
  insertDiagnosticParam,
  lockActiveModel,
  lockActiveTenant,
  markDiagnosticParamDeleted,
  setDiagnosticParamParameters,
  updateDiagnosticParam,
} from './diagnostics.repository.js';
import { findActiveParameterIds } from '../makes/makes.repository.js';

const ENTITY = 'diagnostic_param';
const MODEL_MISSING_MESSAGE = 'Choose an analyser model that exists.';
const TENANT_MISSING_MESSAGE = 'Choose an industry that exists.';
const parametersMissingMessage = (ids: number[]) =>
  `${ids.length === 1 ? 'This parameter does' : 'These parameters do'} not exist in the catalogue: ${ids.join(', ')}.`;

/**
 * Model set-ups describe an analyser, not a customer, so everyone signed in
 * sees them; an industry's own set-up is seen (and, by site users, changed)
 * only within the principal's scope — the repository applies it.
 */
export function createDiagnosticsService({ db }: { db: Database }) {
  async function getActiveSetUp(exec: Executor, scope: DataScope, id: number) {
    const setUp = await findDiagnosticParam(exec, scope, id);
    if (!setUp || setUp.status === 'DELETED') throw notFound('Diagnostic parameter');
    return setUp;
  }

  /**
   * Checks the owner and the parameters against the database and gives the
   * values to store. The owner row is locked, so the one-set-up-per-owner
   * check below cannot race another write for the same owner.
   */
  async function valuesOf(exec: Executor, scope: DataScope, body: DiagnosticParamBody, selfId?: number) {
    if (body.modelId !== null && !(await lockActiveModel(exec, body.modelId))) {
      throw fieldError('modelId', MODEL_MISSING_MESSAGE, 'FIELD_INVALID');
    }
    if (body.tenantId !== null && !(await lockActiveTenant(exec, scope, body.tenantId))) {
      throw fieldError('tenantId', TENANT_MISSING_MESSAGE, 'FIELD_INVALID');
    }
    const found = new Set(await findActiveParameterIds(exec, body.paramIds));
    const missing = body.paramIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw fieldError('paramIds', parametersMissingMessage(missing), 'FIELD_INVALID');
    const owner = { modelId: body.modelId, tenantId: body.tenantId };
    if ((await findActiveSetUpOfOwner(exec, scope, owner, selfId)) !== undefined) {
      throw body.modelId !== null
        ? new AppError('DIAGNOSTIC_MODEL_TAKEN', DIAGNOSTIC_MODEL_TAKEN_MESSAGE)
        : new AppError('DIAGNOSTIC_TENANT_TAKEN', DIAGNOSTIC_TENANT_TAKEN_MESSAGE);
    }
    const values: DiagnosticParamValues = {
      ...owner,
      isRemoteCalibration: body.isRemoteCalibration,
      isCalibrationThroughUtility: body.isCalibrationThroughUtility,
      dataUploadMethod: getStoredUploadMethod(body),
    };
    return values;
  }

  return {
    listDiagnosticParams(
      ctx: RequestContext,
      query: DiagnosticParamListQuery,
    ): Promise<Page<DiagnosticParam>> {
      return findDiagnosticParamPage(db, scopeOf(ctx.principal), query);
    },

    getDiagnosticParam(ctx: RequestContext, id: number): Promise<DiagnosticParam> {
      return getActiveSetUp(db, scopeOf(ctx.principal), id);
    },

    async createDiagnosticParam(ctx: RequestContext, body: DiagnosticParamBody): Promise<DiagnosticParam> {
      const scope = scopeOf(ctx.principal);
      const id = await db.transaction(async (tx) => {
        const values = await valuesOf(tx, scope, body);
        const newId = await insertDiagnosticParam(tx, scope, values);
        if (newId === undefined) throw fieldError('tenantId', TENANT_MISSING_MESSAGE, 'FIELD_INVALID');
        if (!(await setDiagnosticParamParameters(tx, scope, newId, body.paramIds))) {
          throw notFound('Diagnostic parameter');
        }
        await recordAudit(tx, ctx, {
          entity: ENTITY,
          entityId: newId,
          action: 'CREATE',
          tenantId: values.tenantId,
          oldValue: null,
          newValue: await findDiagnosticParam(tx, scope, newId),
        });
        return newId;
      });
      return (await findDiagnosticParam(db, scope, id))!;
    },

    async updateDiagnosticParam(
      ctx: RequestContext,
      id: number,
      body: DiagnosticParamBody,
    ): Promise<DiagnosticParam> {
      const version = body.version;
      if (version === undefined) throw fieldError('version', FIELD_MESSAGES.required, 'FIELD_REQUIRED');
      const scope = scopeOf(ctx.principal);
      await db.transaction(async (tx) => {
        const current = await getActiveSetUp(tx, scope, id);
        if (current.version !== version) throw staleVersion();
        const values = await valuesOf(tx, scope, body, id);
        if (!(await updateDiagnosticParam(tx, scope, id, version, values))) throw staleVersion();
        if (!(await setDiagnosticParamParameters(tx, scope, id, body.paramIds))) {
          throw notFound('Diagnostic parameter');
        }
        await recordAudit(tx, ctx, {
          entity: ENTITY,
          entityId: id,
          action: 'UPDATE',
          tenantId: values.tenantId ?? current.tenant?.id ?? null,
          oldValue: current,
          newValue: await findDiagnosticParam(tx, scope, id),
        });
      });
      return (await findDiagnosticParam(db, scope, id))!;
    },

    async deleteDiagnosticParam(ctx: RequestContext, id: number): Promise<DiagnosticParam> {
      const scope = scopeOf(ctx.principal);
      await db.transaction(async (tx) => {
        const current = await getActiveSetUp(tx, scope, id);
        if (!(await markDiagnosticParamDeleted(tx, scope, id))) throw notFound('Diagnostic parameter');
        await recordAudit(tx, ctx, {
          entity: ENTITY,
          entityId: id,
          action: 'DELETE',
          tenantId: current.tenant?.id ?? null,
          oldValue: current,
          newValue: { ...current, status: 'DELETED' },
        });
      });
      return (await findDiagnosticParam(db, scope, id))!;
    },
  };
}

export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
