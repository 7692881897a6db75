import {
  MAX_MONITORING_POINTS_PER_TENANT,
  type MonitoringPoint,
  type MonitoringPointBody,
  type MonitoringPointList,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { isUniqueViolation } from '../users/users.repository.js';
import { countAtMonitoringPoint } from '../devices/devices.repository.js';
import {
  countMonitoringPoints,
  deleteMonitoringPoint,
  findMonitoringPoint,
  insertMonitoringPoint,
  listMonitoringPoints,
  lockIndustry,
  updateMonitoringPoint,
} from './monitoring-points.repository.js';

const auditValue = (point: MonitoringPoint | undefined) =>
  point
    ? {
        name: point.name,
        entityType: point.entityType,
        latitude: point.latitude,
        longitude: point.longitude,
        properties: point.properties,
      }
    : null;

const nameTaken = () =>
  new AppError('MONITORING_POINT_EXISTS', 'This industry already has a monitoring point with this name.', [
    {
      path: 'name',
      message: 'This industry already has a monitoring point with this name.',
      code: 'FIELD_TAKEN',
    },
  ]);

/** Runs a write; a name another point of the industry has (the unique index) is MONITORING_POINT_EXISTS. */
async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const REFUSAL = 'You are not allowed to change the monitoring points of this industry.';

export function createMonitoringPointsService({ db }: { db: Database }) {
  /** The point of the industry (404 when there is none the caller can see). */
  async function existingPoint(exec: Executor, ctx: RequestContext, tenantId: number, id: number) {
    const point = await findMonitoringPoint(exec, scopeOf(ctx.principal), tenantId, id);
    if (!point) throw notFound('Monitoring point');
    return point;
  }

  return {
    async list(ctx: RequestContext, tenantId: number): Promise<MonitoringPointList> {
      await visibleIndustry(db, ctx, tenantId);
      const items = await listMonitoringPoints(
        db,
        scopeOf(ctx.principal),
        tenantId,
        MAX_MONITORING_POINTS_PER_TENANT,
      );
      return { items, limit: MAX_MONITORING_POINTS_PER_TENANT };
    },

    async create(ctx: RequestContext, tenantId: number, body: MonitoringPointBody): Promise<MonitoringPoint> {
      const { version: _version, ...values } = body;
      return withNameCheck(() =>
        db.transaction(async (tx) => {
          const industry = await changeableIndustry(tx, ctx, tenantId, REFUSAL);
          await lockIndustry(tx, industry.id);
          if ((await countMonitoringPoints(tx, industry.id)) >= MAX_MONITORING_POINTS_PER_TENANT) {
            throw new AppError(
              'MONITORING_POINT_LIMIT',
              `An industry may have at most ${MAX_MONITORING_POINTS_PER_TENANT} monitoring points.`,
              undefined,
              { limit: MAX_MONITORING_POINTS_PER_TENANT },
            );
          }
          const created = await insertMonitoringPoint(tx, industry.id, values);
          await recordAudit(tx, ctx, {
            entity: 'monitoring_point',
            entityId: created.id,
            action: 'CREATE',
            tenantId: industry.id,
            oldValue: null,
            newValue: auditValue(created),
          });
          return created;
        }),
      );
    },

    async update(
      ctx: RequestContext,
      tenantId: number,
      id: number,
      body: MonitoringPointBody,
    ): Promise<MonitoringPoint> {
      const { version, ...values } = body;
      return withNameCheck(() =>
        db.transaction(async (tx) => {
          const industry = await changeableIndustry(tx, ctx, tenantId, REFUSAL);
          const before = await existingPoint(tx, ctx, industry.id, id);
          const saved =
            version === undefined ? undefined : await updateMonitoringPoint(tx, before.id, version, values);
          if (!saved) throw staleVersion();
          await recordAudit(tx, ctx, {
            entity: 'monitoring_point',
            entityId: saved.id,
            action: 'UPDATE',
            tenantId: industry.id,
            oldValue: auditValue(before),
            newValue: auditValue(saved),
          });
          return saved;
        }),
      );
    },

    /** Marks the point deleted; refused while devices or cameras are at it (MONITORING_POINT_IN_USE). */
    async remove(
      ctx: RequestContext,
      tenantId: number,
      id: number,
      version: number | undefined,
    ): Promise<MonitoringPoint> {
      return db.transaction(async (tx) => {
        const industry = await changeableIndustry(tx, ctx, tenantId, REFUSAL);
        const before = await existingPoint(tx, ctx, industry.id, id);
        const inUse = await countAtMonitoringPoint(tx, before.id);
        if (inUse.devices > 0 || inUse.cameras > 0) {
          throw new AppError(
            'MONITORING_POINT_IN_USE',
            'Devices or cameras are still at this monitoring point: move or delete them first.',
            undefined,
            { devices: inUse.devices, cameras: inUse.cameras },
          );
        }
        const deleted = await deleteMonitoringPoint(tx, before.id, version ?? before.version);
        if (!deleted) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'monitoring_point',
          entityId: deleted.id,
          action: 'DELETE',
          tenantId: industry.id,
          oldValue: auditValue(before),
          newValue: null,
        });
        return deleted;
      });
    },
  };
}

export type MonitoringPointsService = ReturnType<typeof createMonitoringPointsService>;
