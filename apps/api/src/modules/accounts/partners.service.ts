import {
  DEFAULT_PARTNER_ID,
  MIGRATE_PARTNER_SUCCESS,
  PARTNER_EXISTS_MESSAGE,
  PARTNER_MIGRATE_REASONS,
  type AccountStatus,
  type PartnerMigrateReason,
  type PartnerForm,
  type partnerMigratePreviewSchema,
  type partnerRequestSchema,
} from '@vayu/domain';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, scopeOf, systemScope, type DataScope } from '../../auth/scope.js';
import { AppError, fieldError, forbidden, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type AccountForMigration,
  type PartnerDetail,
  countAccountUsers,
  findAccountForMigration,
  findPartnerById,
  findPartners,
  insertPartner,
  insertPartnerRequest,
  isPartnerNameTaken,
  lockPartnerName,
  partnerAuditValue,
  updatePartner,
  updateTenantPartner,
} from './partners.repository.js';

type PartnerMigratePreview = z.infer<typeof partnerMigratePreviewSchema>;
type PartnerRequest = z.infer<typeof partnerRequestSchema>;

export const MIGRATE_REASONS = PARTNER_MIGRATE_REASONS;

/** −1 in the API is "no partner", stored as NULL. */
const toStoredPartnerId = (partnerId: number) => (partnerId === DEFAULT_PARTNER_ID ? null : partnerId);
const toApiPartnerId = (partnerId: number | null) => partnerId ?? DEFAULT_PARTNER_ID;

/** Partner names are unique on the whole platform, so the check looks past what the caller sees. */
const PARTNER_NAMES_SCOPE = systemScope('uniqueness');

/**
 * Refuses a name another partner has (whatever its case), holding the name
 * until the transaction ends so that two saves of one name cannot both pass.
 */
async function assertPartnerNameFree(exec: Executor, name: string, exceptId?: number) {
  await lockPartnerName(exec, name);
  if (await isPartnerNameTaken(exec, PARTNER_NAMES_SCOPE, name, exceptId)) {
    throw new AppError('PARTNER_EXISTS', PARTNER_EXISTS_MESSAGE, [
      { path: 'name', message: PARTNER_EXISTS_MESSAGE, code: 'FIELD_TAKEN' },
    ]);
  }
}

export function createPartnersService({ db }: { db: Database }) {
  async function getVisiblePartner(ctx: RequestContext, id: number, exec: Executor = db) {
    const partner = await findPartnerById(exec, scopeOf(ctx.principal), id);
    if (!partner) throw notFound('Partner');
    return partner;
  }

  /** A tenant the principal can see (404 otherwise); `lock` for a change in the same transaction. */
  async function getVisibleAccount(ctx: RequestContext, id: number, exec: Executor = db, lock = false) {
    const account = await findAccountForMigration(exec, scopeOf(ctx.principal), id, { lock });
    if (!account) throw notFound('Industry');
    return account;
  }

  /** An account that is an ENABLED partner within the scope, or undefined. */
  async function findEnabledPartner(exec: Executor, scope: DataScope, id: number) {
    const account = await findAccountForMigration(exec, scope, id);
    return account && account.type === 'partner' && account.status === 'ENABLED' ? account : undefined;
  }

  async function previewMigration(
    exec: Executor,
    scope: DataScope,
    tenant: AccountForMigration,
    targetPartnerId: number,
  ): Promise<PartnerMigratePreview> {
    const target = toStoredPartnerId(targetPartnerId);
    const fromPartner =
      tenant.partnerId === null ? undefined : await findAccountForMigration(exec, scope, tenant.partnerId);
    const toPartner = target === null ? undefined : await findEnabledPartner(exec, scope, target);
    let reasonCode: PartnerMigrateReason | null = null;
    if (tenant.type !== 'tenant') reasonCode = 'notATenant';
    else if (target !== null && !toPartner) reasonCode = 'notAnEnabledPartner';
    else if (target === tenant.partnerId) reasonCode = 'samePartner';
    return {
      tenant: { id: tenant.id, name: tenant.name },
      fromPartner: fromPartner ? { id: fromPartner.id, name: fromPartner.name } : null,
      toPartner: toPartner ? { id: toPartner.id, name: toPartner.name } : null,
      users: await countAccountUsers(exec, scope, tenant.id),
      planCode: tenant.planCode,
      canMigrate: reasonCode === null,
      reason: reasonCode === null ? null : MIGRATE_REASONS[reasonCode],
      reasonCode,
    };
  }

  return {
    listPartners(
      ctx: RequestContext,
      filter: { status?: AccountStatus | undefined; search?: string | undefined },
    ) {
      return findPartners(db, scopeOf(ctx.principal), {
        status: filter.status,
        search: filter.search || undefined,
      });
    },

    /** A partner user reads only its own partner; anything else it cannot see is 404. */
    getPartner(ctx: RequestContext, id: number): Promise<PartnerDetail> {
      return getVisiblePartner(ctx, id);
    },

    createPartner(ctx: RequestContext, form: PartnerForm): Promise<PartnerDetail> {
      return db.transaction(async (tx) => {
        await assertPartnerNameFree(tx, form.name);
        const id = await insertPartner(tx, form);
        const created = (await findPartnerById(tx, scopeOf(ctx.principal), id))!;
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
      const scope = scopeOf(ctx.principal);
      const current = await getVisiblePartner(ctx, id);
      if (!canChangeAccount(ctx.principal, { id: current.id, type: 'partner', partnerId: null })) {
        throw forbidden('You are not allowed to change this partner.');
      }
      const { version, ...form } = body;
      return db.transaction(async (tx) => {
        await assertPartnerNameFree(tx, form.name, id);
        const before = (await findPartnerById(tx, scope, id)) ?? current;
        if (before.version !== version || !(await updatePartner(tx, scope, id, version, form))) {
          throw staleVersion();
        }
        const after = (await findPartnerById(tx, scope, id))!;
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
          const partner = await findAccountForMigration(tx, scopeOf(ctx.principal), partnerId);
          if (!partner || partner.type !== 'partner') {
            throw fieldError('partnerId', 'Choose an existing partner.');
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
      return previewMigration(db, scopeOf(ctx.principal), tenant, partnerId);
    },

    async changePartner(ctx: RequestContext, tenantId: number, partnerId: number) {
      return db.transaction(async (tx) => {
        const tenant = await getVisibleAccount(ctx, tenantId, tx, true);
        if (!canChangeAccount(ctx.principal, tenant)) throw forbidden();
        const scope = scopeOf(ctx.principal);
        const preview = await previewMigration(tx, scope, tenant, partnerId);
        if (preview.reasonCode !== null) {
          throw new AppError('PARTNER_CHANGE_REFUSED', MIGRATE_REASONS[preview.reasonCode], undefined, {
            reason: preview.reasonCode,
          });
        }
        const newPartnerId = toStoredPartnerId(partnerId);
        await updateTenantPartner(tx, scope, tenant.id, newPartnerId);
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
