import {
  authTokenTail,
  CAMERA_MESSAGES,
  MAX_CAMERAS_PER_TENANT,
  type Camera,
  type CameraBody,
  type CameraList,
  type FieldError,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { assertWithinLimit } from '../billing/limits.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, businessRule, fieldError, notFound, staleVersion } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { recordAudit } from '../audit/audit.service.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { lockIndustry } from '../monitoring-points/monitoring-points.repository.js';
import {
  countCameras,
  deleteCamera,
  findCamera,
  findPointForCamera,
  findTakenCameraValues,
  insertCamera,
  listCameras,
  updateCamera,
  violatedUniqueIndex,
} from './cameras.repository.js';

/**
 * What the audit trail keeps of a camera: never the token, only that one was
 * set or replaced and the characters shown of it. (The trail drops any key
 * that names a token, so these keys do not.)
 */
const auditValue = (camera: Camera, token?: 'token set' | 'token replaced') => ({
  name: camera.name,
  monitoringPoint: camera.monitoringPoint,
  provisionId: camera.provisionId,
  viewerId: camera.viewerId,
  status: camera.status,
  authHint: camera.authTokenHint,
  ...(token ? { auth: token } : {}),
});

function cameraTaken(taken: { name: boolean; provisionId: boolean }): AppError {
  const details: FieldError[] = [];
  if (taken.name) details.push({ path: 'name', message: CAMERA_MESSAGES.nameTaken, code: 'FIELD_TAKEN' });
  if (taken.provisionId) {
    details.push({ path: 'provisionId', message: CAMERA_MESSAGES.provisionTaken, code: 'FIELD_TAKEN' });
  }
  return new AppError('CAMERA_EXISTS', details[0]?.message ?? CAMERA_MESSAGES.nameTaken, details);
}

/**
 * Runs a write. Another camera saved the same name or provision id between the
 * check and the write (the unique indexes): CAMERA_EXISTS on that field.
 */
async function withUniqueCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === undefined) throw error;
    const isProvision = index === 'cameras_provision_active_uq';
    throw cameraTaken({ name: !isProvision, provisionId: isProvision });
  }
}

const REFUSAL = 'You are not allowed to change the cameras of this industry.';

export function createCamerasService({ db, secrets }: { db: Database; secrets: Secrets }) {
  async function existingCamera(exec: Executor, ctx: RequestContext, tenantId: number, id: number) {
    const camera = await findCamera(exec, scopeOf(ctx.principal), tenantId, id);
    if (!camera) throw notFound('Camera');
    return camera;
  }

  /** The checks both writes make: the point is the industry's, the name and provision id are free. */
  async function checkValues(exec: Executor, tenantId: number, body: CameraBody, exceptId: number | null) {
    if (!(await findPointForCamera(exec, tenantId, body.monitoringPointId))) {
      throw fieldError('monitoringPointId', CAMERA_MESSAGES.point);
    }
    const taken = await findTakenCameraValues(exec, tenantId, body, exceptId);
    if (taken.name || taken.provisionId) throw cameraTaken(taken);
  }

  /** The token sealed for storage, with the characters shown of it. */
  async function sealToken(token: string) {
    return { authTokenEncrypted: await secrets.encrypt(token), authTokenTail: authTokenTail(token) };
  }

  const valuesOf = (body: CameraBody) => ({
    name: body.name,
    monitoringPointId: body.monitoringPointId,
    provisionId: body.provisionId,
    viewerId: body.viewerId,
    status: body.status,
  });

  return {
    async list(ctx: RequestContext, tenantId: number): Promise<CameraList> {
      await visibleIndustry(db, ctx, tenantId);
      const items = await listCameras(db, scopeOf(ctx.principal), tenantId, MAX_CAMERAS_PER_TENANT);
      return { items, limit: MAX_CAMERAS_PER_TENANT };
    },

    /** Adds a camera; a new camera always comes with its token. */
    async create(
      ctx: RequestContext,
      tenantId: number,
      body: CameraBody & { authToken: string },
    ): Promise<Camera> {
      // Sealed before the transaction: the first use may read or make the key file.
      const token = await sealToken(body.authToken);
      return withUniqueCheck(() =>
        db.transaction(async (tx) => {
          const industry = await changeableIndustry(tx, ctx, tenantId, REFUSAL);
          await lockIndustry(tx, industry.id);
          if ((await countCameras(tx, industry.id)) >= MAX_CAMERAS_PER_TENANT) {
            throw businessRule(`An industry may have at most ${MAX_CAMERAS_PER_TENANT} cameras.`);
          }
          await checkValues(tx, industry.id, body, null);
          await assertWithinLimit(tx, scopeOf(ctx.principal), industry.id, 'Camera');
          const id = await insertCamera(tx, industry.id, { ...valuesOf(body), ...token });
          const created = await existingCamera(tx, ctx, industry.id, id);
          await recordAudit(tx, ctx, {
            entity: 'camera',
            entityId: created.id,
            action: 'CREATE',
            tenantId: industry.id,
            oldValue: null,
            newValue: auditValue(created, 'token set'),
          });
          return created;
        }),
      );
    },

    async update(ctx: RequestContext, tenantId: number, id: number, body: CameraBody): Promise<Camera> {
      const token = body.authToken === undefined ? undefined : await sealToken(body.authToken);
      return withUniqueCheck(() =>
        db.transaction(async (tx) => {
          const industry = await changeableIndustry(tx, ctx, tenantId, REFUSAL);
          const before = await existingCamera(tx, ctx, industry.id, id);
          await checkValues(tx, industry.id, body, before.id);
          const isSaved =
            body.version !== undefined &&
            (await updateCamera(tx, before.id, body.version, { ...valuesOf(body), ...token }));
          if (!isSaved) throw staleVersion();
          const saved = await existingCamera(tx, ctx, industry.id, before.id);
          await recordAudit(tx, ctx, {
            entity: 'camera',
            entityId: saved.id,
            action: 'UPDATE',
            tenantId: industry.id,
            oldValue: auditValue(before),
            newValue: auditValue(saved, token ? 'token replaced' : undefined),
          });
          return saved;
        }),
      );
    },

    /** Marks the camera deleted; answers it as it was, at its new version. */
    async remove(
      ctx: RequestContext,
      tenantId: number,
      id: number,
      version: number | undefined,
    ): Promise<Camera> {
      return db.transaction(async (tx) => {
        const industry = await changeableIndustry(tx, ctx, tenantId, REFUSAL);
        const before = await existingCamera(tx, ctx, industry.id, id);
        if (!(await deleteCamera(tx, before.id, version ?? before.version))) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'camera',
          entityId: before.id,
          action: 'DELETE',
          tenantId: industry.id,
          oldValue: auditValue(before),
          newValue: null,
        });
        return { ...before, version: before.version + 1 };
      });
    },
  };
}

export type CamerasService = ReturnType<typeof createCamerasService>;
