import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { authTokenHintOf, type Camera, type CameraStatus } from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { cameras, monitoringPoints } from '../../db/schema/index.js';

/** What a camera row holds besides its keys: the token already encrypted, with its last characters. */
export interface CameraValues {
  name: string;
  monitoringPointId: number;
  provisionId: string;
  viewerId: string | null;
  status: CameraStatus;
  authTokenEncrypted: string;
  authTokenTail: string;
}

// The encrypted token is never selected with a camera: nothing reads it back to a caller.
const columns = {
  id: cameras.id,
  tenantId: cameras.tenantId,
  monitoringPointId: cameras.monitoringPointId,
  monitoringPointName: monitoringPoints.name,
  name: cameras.name,
  provisionId: cameras.provisionId,
  viewerId: cameras.viewerId,
  authTokenHint: cameras.authTokenHint,
  status: cameras.status,
  version: cameras.version,
  updatedAt: cameras.updatedAt,
};

type Row = {
  id: number;
  tenantId: number;
  monitoringPointId: number;
  monitoringPointName: string;
  name: string;
  provisionId: string;
  viewerId: string | null;
  authTokenHint: string;
  status: string;
  version: number;
  updatedAt: Date;
};

const toCamera = (row: Row): Camera => ({
  id: row.id,
  tenantId: row.tenantId,
  monitoringPoint: { id: row.monitoringPointId, name: row.monitoringPointName },
  name: row.name,
  provisionId: row.provisionId,
  viewerId: row.viewerId,
  authTokenHint: authTokenHintOf(row.authTokenHint),
  // Deleted cameras are never read.
  status: row.status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

const selectCameras = (exec: Executor) =>
  exec
    .select(columns)
    .from(cameras)
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, cameras.monitoringPointId));

/** The industry's cameras not deleted, by name (bounded by the per-industry limit). */
export async function listCameras(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  limit: number,
): Promise<Camera[]> {
  const rows = await selectCameras(exec)
    .where(
      and(
        eq(cameras.tenantId, tenantId),
        ne(cameras.status, 'DELETED'),
        tenantRowsWhere(scope, cameras.tenantId),
      ),
    )
    .orderBy(asc(sql`lower(${cameras.name})`), asc(cameras.id))
    .limit(limit);
  return rows.map(toCamera);
}

export async function countCameras(exec: Executor, tenantId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(cameras)
    .where(and(eq(cameras.tenantId, tenantId), ne(cameras.status, 'DELETED')));
  return row?.n ?? 0;
}

/** One camera of the industry, not deleted and within the scope. */
export async function findCamera(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  id: number,
): Promise<Camera | undefined> {
  const [row] = await selectCameras(exec)
    .where(
      and(
        eq(cameras.id, id),
        eq(cameras.tenantId, tenantId),
        ne(cameras.status, 'DELETED'),
        tenantRowsWhere(scope, cameras.tenantId),
      ),
    )
    .limit(1);
  return row ? toCamera(row) : undefined;
}

/**
 * The industry's monitoring point (not deleted), held for the rest of the
 * transaction so that it is not deleted while a camera is put at it.
 */
export async function findPointForCamera(exec: Executor, tenantId: number, pointId: number) {
  const [row] = await exec
    .select({ id: monitoringPoints.id, name: monitoringPoints.name })
    .from(monitoringPoints)
    .where(
      and(
        eq(monitoringPoints.id, pointId),
        eq(monitoringPoints.tenantId, tenantId),
        ne(monitoringPoints.status, 'DELETED'),
      ),
    )
    .for('share')
    .limit(1);
  return row;
}

/**
 * Which of the camera's unique values another camera (not deleted) has: the
 * name within the industry, the provision id on the whole platform.
 */
export async function findTakenCameraValues(
  exec: Executor,
  tenantId: number,
  values: { name: string; provisionId: string },
  exceptId: number | null,
): Promise<{ name: boolean; provisionId: boolean }> {
  const others = exceptId === null ? undefined : ne(cameras.id, exceptId);
  const [row] = await exec
    .select({
      name: sql<boolean>`coalesce(bool_or(${cameras.tenantId} = ${tenantId} and lower(${cameras.name}) = lower(${values.name})), false)`,
      provisionId: sql<boolean>`coalesce(bool_or(lower(${cameras.provisionId}) = lower(${values.provisionId})), false)`,
    })
    .from(cameras)
    .where(
      and(
        ne(cameras.status, 'DELETED'),
        sql`((${cameras.tenantId} = ${tenantId} and lower(${cameras.name}) = lower(${values.name})) or lower(${cameras.provisionId}) = lower(${values.provisionId}))`,
        others,
      ),
    );
  return { name: row?.name === true, provisionId: row?.provisionId === true };
}

export async function insertCamera(exec: Executor, tenantId: number, values: CameraValues): Promise<number> {
  const [row] = await exec
    .insert(cameras)
    .values({
      tenantId,
      monitoringPointId: values.monitoringPointId,
      name: values.name,
      provisionId: values.provisionId,
      viewerId: values.viewerId,
      status: values.status,
      authTokenEncrypted: values.authTokenEncrypted,
      authTokenHint: values.authTokenTail,
    })
    .returning({ id: cameras.id });
  return row!.id;
}

/**
 * Sets the values on the camera (not deleted) only if it is still at
 * `version`; false when someone saved first. Without a token, the stored one stays.
 */
export async function updateCamera(
  exec: Executor,
  id: number,
  version: number,
  values: Omit<CameraValues, 'authTokenEncrypted' | 'authTokenTail'> &
    Partial<Pick<CameraValues, 'authTokenEncrypted' | 'authTokenTail'>>,
): Promise<boolean> {
  const rows = await exec
    .update(cameras)
    .set({
      monitoringPointId: values.monitoringPointId,
      name: values.name,
      provisionId: values.provisionId,
      viewerId: values.viewerId,
      status: values.status,
      ...(values.authTokenEncrypted !== undefined && values.authTokenTail !== undefined
        ? { authTokenEncrypted: values.authTokenEncrypted, authTokenHint: values.authTokenTail }
        : {}),
      version: sql`${cameras.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(cameras.id, id), eq(cameras.version, version), ne(cameras.status, 'DELETED')))
    .returning({ id: cameras.id });
  return rows.length > 0;
}

/** Marks the camera DELETED if it is still at `version`; false when someone saved first. */
export async function deleteCamera(exec: Executor, id: number, version: number): Promise<boolean> {
  const rows = await exec
    .update(cameras)
    .set({ status: 'DELETED', version: sql`${cameras.version} + 1`, updatedAt: new Date() })
    .where(and(eq(cameras.id, id), eq(cameras.version, version), ne(cameras.status, 'DELETED')))
    .returning({ id: cameras.id });
  return rows.length > 0;
}

/** The name of the unique index a write broke (23505), if it was one. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}
