import {
  OFFLINE_REMARK_MESSAGES,
  type OfflineRemark,
  type OfflineRemarkBody,
  type OfflineRemarkListQuery,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { businessRule, notFound } from '../../lib/errors.js';
import { findAddressOwner } from '../accounts/addresses.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  findOfflineRemark,
  findOfflineRemarksPage,
  findOpenRemarkId,
  insertOfflineRemark,
  lockDeviceForRemark,
  resolveOfflineRemark,
} from './offline-remarks.repository.js';

const auditValue = (remark: OfflineRemark) => ({
  device: { id: remark.device.id, name: remark.device.name, serialNumber: remark.device.serialNumber },
  reason: remark.reason,
  remark: remark.remark,
  expectedRestoration: remark.expectedRestoration,
  resolvedAt: remark.resolvedAt,
});

export function createOfflineRemarksService({ db }: { db: Database }) {
  async function existingRemark(exec: Executor, ctx: RequestContext, id: number) {
    const remark = await findOfflineRemark(exec, scopeOf(ctx.principal), id);
    if (!remark) throw notFound('Offline remark');
    return remark;
  }

  return {
    /** The remarks the caller can see; an industry named that the caller cannot see is 404. */
    async list(ctx: RequestContext, query: OfflineRemarkListQuery): Promise<Page<OfflineRemark>> {
      const scope = scopeOf(ctx.principal);
      if (query.tenantId !== undefined) {
        const industry = await findAddressOwner(db, scope, query.tenantId);
        if (industry?.type !== 'tenant') throw notFound('Industry');
      }
      return findOfflineRemarksPage(
        db,
        { scope, tenantId: query.tenantId, deviceId: query.deviceId, state: query.state },
        { page: query.page, pageSize: query.pageSize },
      );
    },

    /** Adds the device's remark; a device whose last remark is still open gets no second one. */
    async create(ctx: RequestContext, body: OfflineRemarkBody): Promise<OfflineRemark> {
      return db.transaction(async (tx) => {
        const device = await lockDeviceForRemark(tx, scopeOf(ctx.principal), body.deviceId);
        if (!device) throw notFound('Device');
        if ((await findOpenRemarkId(tx, device.id)) !== undefined) {
          throw businessRule(OFFLINE_REMARK_MESSAGES.alreadyOpen, [
            { path: 'deviceId', message: OFFLINE_REMARK_MESSAGES.alreadyOpen, code: 'FIELD_RULE' },
          ]);
        }
        const id = await insertOfflineRemark(tx, {
          deviceId: device.id,
          tenantId: device.tenantId,
          reason: body.reason,
          remark: body.remark,
          expectedRestoration: body.expectedRestoration,
          createdBy: ctx.principal.userId,
        });
        const created = await existingRemark(tx, ctx, id);
        await recordAudit(tx, ctx, {
          entity: 'offline_remark',
          entityId: created.id,
          action: 'CREATE',
          tenantId: device.tenantId,
          oldValue: null,
          newValue: auditValue(created),
        });
        return created;
      });
    },

    /** Marks the device's data restored: the remark is closed now. */
    async resolve(ctx: RequestContext, id: number): Promise<OfflineRemark> {
      return db.transaction(async (tx) => {
        const before = await existingRemark(tx, ctx, id);
        if (!(await resolveOfflineRemark(tx, before.id))) {
          throw businessRule(OFFLINE_REMARK_MESSAGES.alreadyResolved);
        }
        const resolved = await existingRemark(tx, ctx, before.id);
        await recordAudit(tx, ctx, {
          entity: 'offline_remark',
          entityId: resolved.id,
          action: 'STATUS_CHANGE',
          tenantId: resolved.tenant.id,
          oldValue: auditValue(before),
          newValue: auditValue(resolved),
        });
        return resolved;
      });
    },
  };
}

export type OfflineRemarksService = ReturnType<typeof createOfflineRemarksService>;
