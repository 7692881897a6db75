import { type SQL, and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { type DiagnosticParam, type DiagnosticUploadMethod, type Page } from '@vayu/domain';
import { type DataScope, tenantRowsWhere } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import {
  accounts,
  diagnosticParamParameters,
  diagnosticParams,
  makes,
  models,
  parameters,
} from '../../db/schema/index.js';

const DELETED = 'DELETED';

/**
 * Whether a model (and its make) exists and is not deleted. The model row is
 * locked until the transaction ends, so two set-ups for the same model cannot
 * be written side by side.
 */
export async function lockActiveModel(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .select({ id: models.id })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(eq(models.id, id), ne(models.status, DELETED), ne(makes.status, DELETED)))
    .for('no key update', { of: models });
  return rows.length > 0;
}

/**
 * Whether an industry (a tenant account not deleted) exists and its rows are
 * within `scope` (in manage mode: only the industry acted for); locked like
 * `lockActiveModel`.
 */
export async function lockActiveTenant(exec: Executor, scope: DataScope, id: number): Promise<boolean> {
  const rows = await exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, id),
        eq(accounts.type, 'tenant'),
        ne(accounts.status, DELETED),
        tenantRowsWhere(scope, accounts.id),
      ),
    )
    .for('no key update');
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// Diagnostic set-ups
// ---------------------------------------------------------------------------

/**
 * The set-ups a scope reaches. Model set-ups describe an analyser, not a
 * customer, so every scope has them; an industry's own set-up is reached by
 * whoever may see that industry (site: all; partner: its industries;
 * corporate, statutory: theirs; tenant: its own; manage mode: the industry
 * acted for).
 */
function setUpsWhere(scope: DataScope): SQL | undefined {
  const tenants = tenantRowsWhere(scope, diagnosticParams.tenantId);
  return tenants === undefined ? undefined : or(isNotNull(diagnosticParams.modelId), tenants);
}

/** Whether rows of this industry are within `scope`. */
async function isTenantInScope(exec: Executor, scope: DataScope, tenantId: number): Promise<boolean> {
  const condition = tenantRowsWhere(scope, accounts.id);
  if (condition === undefined) return true;
  const rows = await exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, tenantId), condition))
    .limit(1);
  return rows.length > 0;
}

export interface DiagnosticParamListFilter {
  page: number;
  pageSize: number;
  makeId?: number | undefined;
  modelId?: number | undefined;
  tenantId?: number | undefined;
}

/** The stored values of a set-up; the service derives them from the body. */
export interface DiagnosticParamValues {
  tenantId: number | null;
  modelId: number | null;
  isRemoteCalibration: boolean;
  isCalibrationThroughUtility: boolean;
  dataUploadMethod: DiagnosticUploadMethod | null;
}

const headColumns = {
  id: diagnosticParams.id,
  tenantId: diagnosticParams.tenantId,
  tenantName: accounts.name,
  modelId: models.id,
  modelName: models.name,
  makeId: makes.id,
  makeName: makes.name,
  isRemoteCalibration: diagnosticParams.isRemoteCalibration,
  isCalibrationThroughUtility: diagnosticParams.isCalibrationThroughUtility,
  dataUploadMethod: diagnosticParams.dataUploadMethod,
  status: diagnosticParams.status,
  version: diagnosticParams.version,
  createdAt: diagnosticParams.createdAt,
};

function selectHeads(exec: Executor) {
  return exec
    .select(headColumns)
    .from(diagnosticParams)
    .leftJoin(accounts, eq(accounts.id, diagnosticParams.tenantId))
    .leftJoin(models, eq(models.id, diagnosticParams.modelId))
    .leftJoin(makes, eq(makes.id, models.makeId));
}

type HeadRow = Awaited<ReturnType<typeof selectHeads>>[number];
type ParameterRow = {
  diagnosticParamId: number;
  id: number;
  label: string;
  paramKey: string;
  stdUnit: string | null;
};

function toDiagnosticParam(head: HeadRow, parameterRows: ParameterRow[]): DiagnosticParam {
  const own = parameterRows.filter((row) => row.diagnosticParamId === head.id);
  return {
    id: head.id,
    tenant:
      head.tenantId !== null ? { id: head.tenantId, name: head.tenantName ?? `#${head.tenantId}` } : null,
    model:
      head.modelId !== null && head.makeId !== null
        ? {
            id: head.modelId,
            name: head.modelName ?? `#${head.modelId}`,
            make: { id: head.makeId, name: head.makeName ?? `#${head.makeId}` },
          }
        : null,
    parameters: own.map((row) => ({
      id: row.id,
      label: row.label,
      paramKey: row.paramKey,
      stdUnit: row.stdUnit,
    })),
    paramIds: own.map((row) => row.id),
    isRemoteCalibration: head.isRemoteCalibration,
    isCalibrationThroughUtility: head.isCalibrationThroughUtility,
    dataUploadMethod: head.dataUploadMethod,
    status: head.status,
    version: head.version,
    createdAt: head.createdAt.toISOString(),
  };
}

/** The parameters of these set-ups, by label. */
async function findParametersOf(exec: Executor, ids: readonly number[]): Promise<ParameterRow[]> {
  if (ids.length === 0) return [];
  return exec
    .select({
      diagnosticParamId: diagnosticParamParameters.diagnosticParamId,
      id: parameters.id,
      label: parameters.label,
      paramKey: parameters.paramKey,
      stdUnit: parameters.stdUnit,
    })
    .from(diagnosticParamParameters)
    .innerJoin(parameters, eq(parameters.id, diagnosticParamParameters.parameterId))
    .where(inArray(diagnosticParamParameters.diagnosticParamId, [...ids]))
    .orderBy(asc(sql`lower(${parameters.label})`), asc(parameters.id));
}

/**
 * One page of active set-ups within `scope`: model set-ups first, by make and
 * model, then industry set-ups by industry name. A make filter matches the
 * set-ups of that make's models.
 */
export async function findDiagnosticParamPage(
  exec: Executor,
  scope: DataScope,
  filter: DiagnosticParamListFilter,
): Promise<Page<DiagnosticParam>> {
  const where = and(
    ne(diagnosticParams.status, DELETED),
    setUpsWhere(scope),
    filter.makeId === undefined ? undefined : eq(models.makeId, filter.makeId),
    filter.modelId === undefined ? undefined : eq(diagnosticParams.modelId, filter.modelId),
    filter.tenantId === undefined ? undefined : eq(diagnosticParams.tenantId, filter.tenantId),
  );
  return readPage(exec, filter, {
    rows: async (limit, offset) => {
      const heads = await selectHeads(exec)
        .where(where)
        .orderBy(
          sql`${diagnosticParams.modelId} is null`,
          asc(sql`lower(${makes.name})`),
          asc(sql`lower(${models.name})`),
          asc(sql`lower(${accounts.name})`),
          asc(diagnosticParams.id),
        )
        .limit(limit)
        .offset(offset);
      const parameterRows = await findParametersOf(
        exec,
        heads.map((head) => head.id),
      );
      return heads.map((head) => toDiagnosticParam(head, parameterRows));
    },
    matches: () =>
      exec
        .select({ id: diagnosticParams.id })
        .from(diagnosticParams)
        .leftJoin(models, eq(models.id, diagnosticParams.modelId))
        .where(where)
        .$dynamic(),
    countKey: ['diagnostic params', scope, filter.makeId, filter.modelId, filter.tenantId],
  });
}

/** A set-up, deleted or not, within `scope`; callers decide what a deleted one means. */
export async function findDiagnosticParam(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<DiagnosticParam | undefined> {
  const [head] = await selectHeads(exec).where(and(eq(diagnosticParams.id, id), setUpsWhere(scope)));
  if (!head) return undefined;
  return toDiagnosticParam(head, await findParametersOf(exec, [id]));
}

/**
 * The active set-up of this model or tenant within `scope`, other than
 * `exceptId`. The owner has been checked within the same scope, so every
 * set-up of that owner is in it.
 */
export async function findActiveSetUpOfOwner(
  exec: Executor,
  scope: DataScope,
  owner: { modelId: number | null; tenantId: number | null },
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await exec
    .select({ id: diagnosticParams.id })
    .from(diagnosticParams)
    .where(
      and(
        ne(diagnosticParams.status, DELETED),
        setUpsWhere(scope),
        owner.modelId !== null
          ? eq(diagnosticParams.modelId, owner.modelId)
          : eq(diagnosticParams.tenantId, owner.tenantId ?? -1),
        exceptId === undefined ? undefined : ne(diagnosticParams.id, exceptId),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * A new set-up within `scope`: refused (undefined) when its industry is not
 * one the scope reaches. The owner row is locked by the caller's checks.
 */
export async function insertDiagnosticParam(
  exec: Executor,
  scope: DataScope,
  values: DiagnosticParamValues,
): Promise<number | undefined> {
  if (values.tenantId !== null && !(await isTenantInScope(exec, scope, values.tenantId))) return undefined;
  const [row] = await exec.insert(diagnosticParams).values(values).returning({ id: diagnosticParams.id });
  return row!.id;
}

/** Changes an active set-up within `scope`, only from its current version. */
export async function updateDiagnosticParam(
  exec: Executor,
  scope: DataScope,
  id: number,
  version: number,
  values: DiagnosticParamValues,
): Promise<boolean> {
  if (values.tenantId !== null && !(await isTenantInScope(exec, scope, values.tenantId))) return false;
  const rows = await exec
    .update(diagnosticParams)
    .set({ ...values, version: sql`${diagnosticParams.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(diagnosticParams.id, id),
        ne(diagnosticParams.status, DELETED),
        setUpsWhere(scope),
        eq(diagnosticParams.version, version),
      ),
    )
    .returning({ id: diagnosticParams.id });
  return rows.length > 0;
}

/**
 * The set-up's parameters become exactly `parameterIds`, when the set-up is
 * within `scope` (false otherwise, and nothing is written).
 */
export async function setDiagnosticParamParameters(
  exec: Executor,
  scope: DataScope,
  id: number,
  parameterIds: readonly number[],
): Promise<boolean> {
  const [setUp] = await exec
    .select({ id: diagnosticParams.id })
    .from(diagnosticParams)
    .where(and(eq(diagnosticParams.id, id), setUpsWhere(scope)));
  if (!setUp) return false;
  await exec.delete(diagnosticParamParameters).where(eq(diagnosticParamParameters.diagnosticParamId, id));
  if (parameterIds.length === 0) return true;
  await exec
    .insert(diagnosticParamParameters)
    .values(parameterIds.map((parameterId) => ({ diagnosticParamId: id, parameterId })));
  return true;
}

/** Deleting (within `scope`) only marks the row; its parameter list stays for the audit trail. */
export async function markDiagnosticParamDeleted(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<boolean> {
  const rows = await exec
    .update(diagnosticParams)
    .set({ status: DELETED, version: sql`${diagnosticParams.version} + 1`, updatedAt: new Date() })
    .where(and(eq(diagnosticParams.id, id), ne(diagnosticParams.status, DELETED), setUpsWhere(scope)))
    .returning({ id: diagnosticParams.id });
  return rows.length > 0;
}

/**
 * An active diagnostic set-up that lists this catalogue parameter, described
 * for a refusal message ("the diagnostic parameters of SICK MCS100FT"), or
 * null when none does. The standard parameter delete check calls it: a
 * catalogue parameter is platform data, and whether any industry still uses
 * it is a question about every industry, so it looks across all of them.
 */
export async function findDiagnosticUseOfParameter(
  exec: Executor,
  parameterId: number,
): Promise<{ description: string } | null> {
  const [row] = await exec
    .select({ tenantName: accounts.name, modelName: models.name, makeName: makes.name })
    .from(diagnosticParamParameters)
    .innerJoin(diagnosticParams, eq(diagnosticParams.id, diagnosticParamParameters.diagnosticParamId))
    .leftJoin(accounts, eq(accounts.id, diagnosticParams.tenantId))
    .leftJoin(models, eq(models.id, diagnosticParams.modelId))
    .leftJoin(makes, eq(makes.id, models.makeId))
    .where(and(eq(diagnosticParamParameters.parameterId, parameterId), ne(diagnosticParams.status, DELETED)))
    .orderBy(asc(diagnosticParams.id))
    .limit(1);
  if (!row) return null;
  const owner =
    row.modelName !== null ? `${row.makeName ?? ''} ${row.modelName}`.trim() : (row.tenantName ?? '');
  return { description: `the diagnostic parameters of ${owner}` };
}
