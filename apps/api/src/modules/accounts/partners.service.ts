import {
  DEFAULT_PARTNER_ID,
  MIGRATE_PARTNER_SUCCESS,
  type AccountStatus,
  type PartnerForm,
  type partnerMigratePreviewSchema,
  type partnerRequestSchema,
} from '@vayu/domain';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, visibleAccountsCondition } from '../../auth/scope.js';
import { AppError, badRequest, forbidden, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type AccountForMigration,
  type PartnerDetail,
  countActiveUsers,
  findAccountForMigration,
  findPartnerById,
  findPartners,
  insertPartner,
  insertPartnerRequest,
  partnerAuditValue,
  updatePartner,
  updateTenantPartner,
} from './partners.repository.js';

type PartnerMigratePreview = z.infer<typeof partnerMigratePreviewSchema>;
type PartnerRequest = z.infer<typeof partnerRequestSchema>;

export const MIGRATE_REASONS = {
  notATenant: 'Only an industry can be moved to another partner.',
  samePartner: 'The industry already belongs to this partner.',
  notAnEnabledPartner: 'The chosen partner is not an enabled partner.',
} as const;

/** −1 in the API is "no partner", stored as NULL. */
const toStoredPartnerId = (partnerId: number) => (partnerId === DEFAULT_PARTNER_ID ? null : partnerId);
const toApiPartnerId = (partnerId: number | null) => partnerId ?? DEFAULT_PARTNER_ID;

export function createPartnersService({ db }: { db: Database }) {
  async function getVisiblePartner(ctx: RequestContext, id: number, exec: Executor = db) {
    const partner = await findPartnerById(exec, id, visibleAccountsCondition(ctx.principal));
    if (!partner) throw notFound('Partner');
    return partner;
  }

  /** A tenant the principal can see (404 otherwise); `lock` for a change in the same transaction. */
  async function getVisibleAccount(ctx: RequestContext, id: number, exec: Executor = db, lock = false) {
    const account = await findAccountForMigration(exec, id, visibleAccountsCondition(ctx.principal), {
      lock,
    });
    if (!account) throw notFound('Industry');
    return account;
  }

  /** An account that is an ENABLED partner, or undefined. */
  async function findEnabledPartner(exec: Executor, id: number) {
    const account = await findAccountForMigration(exec, id, undefined);
    return account && account.type === 'partner' && account.status === 'ENABLED' ? account : undefined;
  }

  async function previewMigration(
    exec: Executor,
    tenant: AccountForMigration,
    targetPartnerId: number,
  ): Promise<PartnerMigratePreview> {
    const target = toStoredPartnerId(targetPartnerId);
    const fromPartner =
      tenant.partnerId === null
        ? undefined
        : await findAccountForMigration(exec, tenant.partnerId, undefined);
    const toPartner = target === null ? undefined : await findEnabledPartner(exec, target);
    let reason: string | null = null;
    if (tenant.type !== 'tenant') reason = MIGRATE_REASONS.notATenant;
    else if (target !== null && !toPartner) reason = MIGRATE_REASONS.notAnEnabledPartner;
    else if (target === tenant.partnerId) reason = MIGRATE_REASONS.samePartner;
    return {
      tenant: { id: tenant.id, name: tenant.name },
      fromPartner: fromPartner ? { id: fromPartner.id, name: fromPartner.name } : null,
      toPartner: toPartner ? { id: toPartner.id, name: toPartner.name } : null,
      users: await countActiveUsers(exec, tenant.id),
      planCode: tenant.planCode,
      canMigrate: reason === null,
      reason,
    };
  }

  return {
    listPartners(
      ctx: RequestContext,
      filter: { status?: AccountStatus | undefined; search?: string | undefined },
    ) {
      return findPartners(db, {
        status: filter.status,
        search: filter.search || undefined,
        scope: visibleAccountsCondition(ctx.principal),
      });
    },

    /** A partner user reads only its own partner; anything else it cannot see is 404. */
    getPartner(ctx: RequestContext, id: number): Promise<PartnerDetail> {
      return getVisiblePartner(ctx, id);
    },

    createPartner(ctx: RequestContext, form: PartnerForm): Promise<PartnerDetail> {
      return db.transaction(async (tx) => {
        const id = await insertPartner(tx, form);
        const created = (await findPartnerById(tx, id, undefined))!;
        await recordAudit(tx, ctx, {
          entity: 'account',
          entityId: id,
          action: 'CREATE',
          tenantId: id,
          oldValue: null,
          newValue: { ...partnerAuditValue(created), status: created.status },
        });
        return created;
      });
    },

    async updatePartner(
      ctx: RequestContext,
      id: number,
      body: PartnerForm & { version: number },
    ): Promise<PartnerDetail> {
      const current = await getVisiblePartner(ctx, id);
      if (!canChangeAccount(ctx.principal, { id: current.id, type: 'partner', partnerId: null })) {
        throw forbidden('You are not allowed to change this partner.');
      }
      const { version, ...form } = body;
      return db.transaction(async (tx) => {
        const before = (await findPartnerById(tx, id, undefined)) ?? current;
        if (before.version !== version || !(await updatePartner(tx, id, version, form))) {
          throw staleVersion();
        }
        const after = (await findPartnerById(tx, id, undefined))!;
        await recordAudit(tx, ctx, {
          entity: 'account',
          entityId: id,
          action: 'UPDATE',
          tenantId: id,
          oldValue: partnerAuditValue(before),
          newValue: partnerAuditValue(after),
        });
        return after;
      });
    },

    /** The first step of enabling a tenant: record which partner (or the platform) it is to belong to. */
    async addPartnerRequest(
      ctx: RequestContext,
      body: { tenantId: number; partnerId: number },
    ): Promise<PartnerRequest> {
      const tenant = await getVisibleAccount(ctx, body.tenantId);
      if (tenant.type !== 'tenant') throw notFound('Industry');
      if (!canChangeAccount(ctx.principal, tenant)) throw forbidden();
      const partnerId = toStoredPartnerId(body.partnerId);
      return db.transaction(async (tx) => {
        if (partnerId !== null) {
          const partner = await findAccountForMigration(tx, partnerId, undefined);
          if (!partner || partner.type !== 'partner') {
            throw badRequest('The request has invalid fields.', [
              { path: 'partnerId', message: 'Choose an existing partner.' },
            ]);
          }
        }
        const row = await insertPartnerRequest(tx, {
          tenantId: tenant.id,
          partnerId,
          requestedBy: ctx.principal.userId,
        });
        const request = { ...row, partnerId: toApiPartnerId(row.partnerId) };
        await recordAudit(tx, ctx, {
          entity: 'partner_request',
          entityId: row.id,
          action: 'CREATE',
          tenantId: tenant.id,
          oldValue: null,
          newValue: request,
        });
        return request;
      });
    },

    async previewPartnerMigration(
      ctx: RequestContext,
      tenantId: number,
      partnerId: number,
    ): Promise<PartnerMigratePreview> {
      const tenant = await getVisibleAccount(ctx, tenantId);
      return previewMigration(db, tenant, partnerId);
    },

    async changePartner(ctx: RequestContext, tenantId: number, partnerId: number) {
      return db.transaction(async (tx) => {
        const tenant = await getVisibleAccount(ctx, tenantId, tx, true);
        if (!canChangeAccount(ctx.principal, tenant)) throw forbidden();
        const preview = await previewMigration(tx, tenant, partnerId);
        if (!preview.canMigrate) throw new AppError('PARTNER_CHANGE_REFUSED', preview.reason!);
        const newPartnerId = toStoredPartnerId(partnerId);
        await updateTenantPartner(tx, tenant.id, newPartnerId);
        await recordAudit(tx, ctx, {
          entity: 'account',
          entityId: tenant.id,
          action: 'PARTNER_CHANGE',
          tenantId: tenant.id,
          oldValue: { partnerId: toApiPartnerId(tenant.partnerId) },
          newValue: { partnerId: toApiPartnerId(newPartnerId) },
        });
        return { message: MIGRATE_PARTNER_SUCCESS };
      });
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
