import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getPullTokenStatus, pullTokenHintOf, type Page, type PullToken } from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  deviceParams,
  devices,
  monitoringPoints,
  parameters,
  pullTokens,
  users,
} from '../../db/schema/index.js';
import { readPage } from '../../lib/paging.js';

const issuer = alias(users, 'pull_issuer');
const revoker = alias(users, 'pull_revoker');

const columns = {
  id: pullTokens.id,
  tenantId: pullTokens.tenantId,
  name: pullTokens.name,
  tail: pullTokens.tokenTail,
  monitoringPointIds: pullTokens.monitoringPointIds,
  parameterIds: pullTokens.parameterIds,
  historyDays: pullTokens.historyDays,
  maxRangeDays: pullTokens.maxRangeDays,
  expiresAt: pullTokens.expiresAt,
  createdAt: pullTokens.createdAt,
  createdBy: issuer.name,
  lastUsedAt: pullTokens.lastUsedAt,
  revokedAt: pullTokens.revokedAt,
  revokedBy: revoker.name,
};

type Row = {
  id: number;
  tenantId: number;
  name: string;
  tail: string;
  monitoringPointIds: number[];
  parameterIds: number[];
  historyDays: number;
  maxRangeDays: number;
  expiresAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedBy: string | null;
};

const selectTokens = (exec: Executor) =>
  exec
    .select(columns)
    .from(pullTokens)
    .leftJoin(issuer, eq(issuer.id, pullTokens.createdBy))
    .leftJoin(revoker, eq(revoker.id, pullTokens.revokedBy));

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The tokens' rows as the screens show them, with the names of their points and parameters (two queries for the lot). */
async function toPullTokens(exec: Executor, rows: Row[], now = Date.now()): Promise<PullToken[]> {
  const pointIds = [...new Set(rows.flatMap((row) => row.monitoringPointIds))];
  const parameterIds = [...new Set(rows.flatMap((row) => row.parameterIds))];
  const points = pointIds.length
    ? await exec
        .select({ id: monitoringPoints.id, tenantId: monitoringPoints.tenantId, name: monitoringPoints.name })
        .from(monitoringPoints)
        .where(and(inArray(monitoringPoints.id, pointIds), ne(monitoringPoints.status, 'DELETED')))
    : [];
  const params = parameterIds.length
    ? await exec
        .select({ id: parameters.id, name: parameters.label, key: parameters.paramKey })
        .from(parameters)
        .where(inArray(parameters.id, parameterIds))
    : [];
  const pointById = new Map(points.map((point) => [point.id, point]));
  const parameterById = new Map(params.map((parameter) => [parameter.id, parameter]));
  return rows.map((row) => {
    const token = {
      id: row.id,
      tenantId: row.tenantId,
      name: row.name,
      hint: pullTokenHintOf(row.tail),
      monitoringPoints: row.monitoringPointIds.flatMap((id) => {
        const point = pointById.get(id);
        return point && point.tenantId === row.tenantId ? [{ id, name: point.name }] : [];
      }),
      parameters: row.parameterIds.flatMap((id) => {
        const parameter = parameterById.get(id);
        return parameter ? [parameter] : [];
      }),
      historyDays: row.historyDays,
      maxRangeDays: row.maxRangeDays,
      expiresAt: iso(row.expiresAt),
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      lastUsedAt: iso(row.lastUsedAt),
      revokedAt: iso(row.revokedAt),
      revokedBy: row.revokedBy,
    };
    return { ...token, status: getPullTokenStatus(token, now) };
  });
}

/** One page of an industry's tokens, newest first, from `pull_tokens_tenant_idx` (tenant_id, id). */
export function findPullTokensPage(
  exec: Executor,
  tenantId: number,
  request: { page: number; pageSize: number },
): Promise<Page<PullToken>> {
  const where = eq(pullTokens.tenantId, tenantId);
  return readPage(exec, request, {
    rows: async (limit, offset) =>
      toPullTokens(
        exec,
        await selectTokens(exec).where(where).orderBy(desc(pullTokens.id)).limit(limit).offset(offset),
      ),
    matches: () => exec.select({ id: pullTokens.id }).from(pullTokens).where(where).$dynamic(),
    countKey: ['pull tokens', tenantId],
  });
}

/** One token within the scope; with `forUpdate`, held until the transaction ends. */
export async function findPullToken(
  exec: Executor,
  scope: DataScope,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PullToken | undefined> {
  const query = selectTokens(exec)
    .where(and(eq(pullTokens.id, id), tenantRowsWhere(scope, pullTokens.tenantId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('no key update', { of: pullTokens }) : await query;
  return row ? (await toPullTokens(exec, [row]))[0] : undefined;
}

/** The monitoring points of the industry among `ids` (not deleted). */
export async function findIndustryPointIds(exec: Executor, tenantId: number, ids: number[]) {
  const rows = await exec
    .select({ id: monitoringPoints.id })
    .from(monitoringPoints)
    .where(
      and(
        eq(monitoringPoints.tenantId, tenantId),
        inArray(monitoringPoints.id, ids),
        ne(monitoringPoints.status, 'DELETED'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** The parameters measured (enabled) by the devices (not deleted) at these points of the industry. */
export async function findPointParameterIds(exec: Executor, tenantId: number, pointIds: number[]) {
  if (pointIds.length === 0) return new Set<number>();
  const rows = await exec
    .selectDistinct({ id: deviceParams.parameterId })
    .from(deviceParams)
    .innerJoin(devices, eq(devices.id, deviceParams.deviceId))
    .where(
      and(
        eq(devices.tenantId, tenantId),
        inArray(devices.monitoringPointId, pointIds),
        ne(devices.status, 'DELETED'),
        eq(deviceParams.enabled, true),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function insertPullToken(
  tx: Executor,
  values: {
    tenantId: number;
    name: string;
    tokenHash: string;
    tokenTail: string;
    monitoringPointIds: number[];
    parameterIds: number[];
    historyDays: number;
    maxRangeDays: number;
    expiresAt: Date | null;
    createdBy: number | null;
  },
): Promise<number> {
  const [row] = await tx.insert(pullTokens).values(values).returning({ id: pullTokens.id });
  return row!.id;
}

/** Revokes a live token; false when it was revoked already. */
export async function revokePullToken(tx: Executor, id: number, revokedBy: number | null): Promise<boolean> {
  const rows = await tx
    .update(pullTokens)
    .set({ revokedAt: sql`now()`, revokedBy })
    .where(and(eq(pullTokens.id, id), isNull(pullTokens.revokedAt)))
    .returning({ id: pullTokens.id });
  return rows.length > 0;
}

/** What a read with a token may see: a live (not revoked, not expired) token, by its hash. */
export interface PullGrant {
  id: number;
  tenantId: number;
  monitoringPointIds: number[];
  parameterIds: number[];
  historyDays: number;
  maxRangeDays: number;
}

export async function findLivePullToken(exec: Executor, tokenHash: string): Promise<PullGrant | undefined> {
  const [row] = await exec
    .select({
      id: pullTokens.id,
      tenantId: pullTokens.tenantId,
      monitoringPointIds: pullTokens.monitoringPointIds,
      parameterIds: pullTokens.parameterIds,
      historyDays: pullTokens.historyDays,
      maxRangeDays: pullTokens.maxRangeDays,
    })
    .from(pullTokens)
    // A deleted industry's tokens read nothing, as its public dashboard shows nothing.
    .innerJoin(accounts, and(eq(accounts.id, pullTokens.tenantId), ne(accounts.status, 'DELETED')))
    .where(
      and(
        eq(pullTokens.tokenHash, tokenHash),
        isNull(pullTokens.revokedAt),
        or(isNull(pullTokens.expiresAt), gt(pullTokens.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  return row;
}

/** Notes that a token was used, at most once a minute (the condition holds across processes). */
export async function markPullTokenUsed(exec: Executor, id: number) {
  await exec
    .update(pullTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(pullTokens.id, id),
        or(isNull(pullTokens.lastUsedAt), lt(pullTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

/** The series a read may answer: each enabled parameter in `parameterIds` of each device (not deleted) at the point. */
export async function findPointSeries(
  exec: Executor,
  tenantId: number,
  monitoringPointId: number,
  parameterIds: number[],
) {
  if (parameterIds.length === 0) return [];
  return exec
    .select({
      deviceId: devices.id,
      deviceName: devices.name,
      parameterId: parameters.id,
      key: parameters.paramKey,
      label: parameters.label,
      unit: parameters.stdUnit,
      metricAgg: parameters.metricAgg,
      isCounter: sql<boolean>`(${parameters.isCounter} OR ${deviceParams.isCounter})`,
    })
    .from(devices)
    .innerJoin(deviceParams, and(eq(deviceParams.deviceId, devices.id), eq(deviceParams.enabled, true)))
    .innerJoin(parameters, eq(parameters.id, deviceParams.parameterId))
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.monitoringPointId, monitoringPointId),
        ne(devices.status, 'DELETED'),
        inArray(deviceParams.parameterId, parameterIds),
      ),
    )
    .orderBy(
      asc(sql`lower(${devices.name})`),
      asc(devices.id),
      asc(deviceParams.position),
      asc(parameters.id),
    );
}
