import { stringify } from 'csv-stringify/sync';
import {
  APP_TENANT_CHOICES,
  APP_VENDOR_MESSAGES,
  authTokenHintOf,
  getParameterUnits,
  META_SHEET_COLUMNS,
  META_SHEET_UNIT_SEPARATOR,
  metaSheetFileName,
  type AppVendor,
  type AppVendorCreateBody,
  type AppVendorListQuery,
  type AppVendorTenantListQuery,
  type AppVendorTenantsAdded,
  type AppVendorWithToken,
  type AvailableTenants,
  type FieldError,
  type MetaSheetRow,
  type Page,
  type TenantAppVendor,
} from '@vayu/domain';
import type { Principal, RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, businessRule, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { visibleIndustry } from '../accounts/industry-access.js';
import { insertDataToken, revokeDataTokens } from '../telemetry/data-tokens.js';
import {
  deleteAppVendorTenant,
  findAppVendor,
  findAppVendorsPage,
  findAppVendorTenantsPage,
  findAvailableTenants,
  findIndustryName,
  findMetaSheetRows,
  findTakenAppValues,
  findTenantAppVendorsPage,
  findVisibleIndustries,
  insertAppVendor,
  insertAppVendorTenants,
  lockAppVendor,
  violatedUniqueIndex,
  type AppScope,
} from './app-vendors.repository.js';

/**
 * The apps a caller manages: the platform's admins every app, a partner's
 * admins the apps their partner added. The access table lets no one else in;
 * this refuses anyone it would let through by mistake.
 */
function appScopeOf(p: Principal): AppScope {
  if (p.userType === 'site') return { kind: 'all' };
  if (p.userType === 'partner') return { kind: 'partner', partnerId: p.accountId };
  throw forbidden('Only the platform and partners manage push-data apps.');
}

function appTaken(taken: { appId: boolean; appName: boolean }): AppError {
  const details: FieldError[] = [];
  if (taken.appId)
    details.push({ path: 'appId', message: APP_VENDOR_MESSAGES.appIdTaken, code: 'FIELD_TAKEN' });
  if (taken.appName) {
    details.push({ path: 'appName', message: APP_VENDOR_MESSAGES.appNameTaken, code: 'FIELD_TAKEN' });
  }
  return new AppError('APP_VENDOR_EXISTS', details[0]?.message ?? APP_VENDOR_MESSAGES.appIdTaken, details);
}

/** Another app took the same id or name between the check and the write (the unique indexes): APP_VENDOR_EXISTS. */
async function withUniqueCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === undefined) throw error;
    const isName = index === 'app_vendors_app_name_active_uq';
    throw appTaken({ appId: !isName, appName: isName });
  }
}

/** What the trail keeps of an app. */
const auditValue = (app: Pick<AppVendor, 'appId' | 'appName' | 'partner'>) => ({
  appId: app.appId,
  appName: app.appName,
  partner: app.partner,
});

/** The unit codes a reading of a parameter may arrive in (as `POST /api/ingest` checks them). */
function allowedUnitsOf(row: {
  parameterLabel: string;
  mtype: string;
  stdUnit: string | null;
  deviceUnit: string | null;
}) {
  const units = getParameterUnits({
    label: row.parameterLabel,
    mtype: row.mtype,
    stdUnit: row.stdUnit,
  }).units;
  const codes = units.map((unit) => unit.code);
  // A parameter without a standard unit converts nothing: its readings come in the device's own unit.
  if (codes.length === 0 && row.deviceUnit) codes.push(row.deviceUnit);
  return codes;
}

export function createAppVendorsService({ db }: { db: Database }) {
  async function existingApp(exec: Executor, ctx: RequestContext, id: number): Promise<AppVendor> {
    const app = await findAppVendor(exec, appScopeOf(ctx.principal), id);
    if (!app) throw notFound('App');
    return app;
  }

  /** Issues the app's new token in `tx` and records it. */
  async function issueToken(
    tx: Executor,
    ctx: RequestContext,
    app: { id: number; appId: string; partnerId: number | null },
  ) {
    const issued = await insertDataToken(tx, { kind: 'app', appVendorId: app.id }, ctx.principal.userId);
    await recordAudit(tx, ctx, {
      entity: 'data_token',
      entityId: issued.id,
      action: 'TOKEN_ISSUED',
      tenantId: app.partnerId,
      oldValue: null,
      newValue: { appVendorId: app.id, appId: app.appId, keyHint: authTokenHintOf(issued.tokenTail) },
    });
    return issued.token;
  }

  return {
    list(ctx: RequestContext, query: AppVendorListQuery): Promise<Page<AppVendor>> {
      return findAppVendorsPage(
        db,
        { scope: appScopeOf(ctx.principal), search: query.search || undefined },
        { page: query.page, pageSize: query.pageSize },
      );
    },

    /** Adds an app (a partner's own when a partner adds it) with its first token. */
    create(ctx: RequestContext, body: AppVendorCreateBody): Promise<AppVendorWithToken> {
      const scope = appScopeOf(ctx.principal);
      const partnerId = scope.kind === 'partner' ? scope.partnerId : null;
      return withUniqueCheck(() =>
        db.transaction(async (tx) => {
          const taken = await findTakenAppValues(tx, body);
          if (taken.appId || taken.appName) throw appTaken(taken);
          const id = await insertAppVendor(tx, { ...body, partnerId });
          const token = await issueToken(tx, ctx, { id, appId: body.appId, partnerId });
          const created = await existingApp(tx, ctx, id);
          await recordAudit(tx, ctx, {
            entity: 'app_vendor',
            entityId: id,
            action: 'CREATE',
            tenantId: partnerId,
            oldValue: null,
            newValue: auditValue(created),
          });
          return { ...created, token };
        }),
      );
    },

    /** Revokes the app's live token (it stops at once) and issues a new one. */
    regenerateToken(ctx: RequestContext, id: number): Promise<AppVendorWithToken> {
      return db.transaction(async (tx) => {
        const app = await lockAppVendor(tx, appScopeOf(ctx.principal), id);
        if (!app) throw notFound('App');
        const before = await existingApp(tx, ctx, app.id);
        const revoked = await revokeDataTokens(tx, { appVendorId: app.id }, ctx.principal.userId);
        for (const tokenId of revoked) {
          await recordAudit(tx, ctx, {
            entity: 'data_token',
            entityId: tokenId,
            action: 'TOKEN_REVOKED',
            tenantId: app.partnerId,
            oldValue: { appVendorId: app.id, appId: app.appId, keyHint: before.tokenHint },
            newValue: null,
          });
        }
        const token = await issueToken(tx, ctx, app);
        return { ...(await existingApp(tx, ctx, app.id)), token };
      });
    },

    async listTenants(ctx: RequestContext, id: number, query: AppVendorTenantListQuery) {
      const app = await existingApp(db, ctx, id);
      return findAppVendorTenantsPage(
        db,
        { scope: scopeOf(ctx.principal), appVendorId: app.id, search: query.search || undefined },
        { page: query.page, pageSize: query.pageSize },
      );
    },

    async listAvailableTenants(
      ctx: RequestContext,
      id: number,
      search: string | undefined,
    ): Promise<AvailableTenants> {
      const app = await existingApp(db, ctx, id);
      const items = await findAvailableTenants(db, {
        scope: scopeOf(ctx.principal),
        appVendorId: app.id,
        appPartnerId: app.partner?.id ?? null,
        search: search || undefined,
        limit: APP_TENANT_CHOICES,
      });
      return { items, limit: APP_TENANT_CHOICES };
    },

    /**
     * Lets the app send these industries' readings. Each must be an industry
     * the caller sees (404 naming it otherwise) and, for a partner's app, one of
     * that partner's (422). Nothing is added unless all are.
     */
    addTenants(ctx: RequestContext, id: number, tenantIds: number[]): Promise<AppVendorTenantsAdded> {
      return db.transaction(async (tx) => {
        const app = await lockAppVendor(tx, appScopeOf(ctx.principal), id);
        if (!app) throw notFound('App');
        const scope = scopeOf(ctx.principal);
        const found = new Map(
          (await findVisibleIndustries(tx, scope, tenantIds)).map((row) => [row.id, row]),
        );
        const unknown: FieldError[] = [];
        const foreign: FieldError[] = [];
        tenantIds.forEach((tenantId, index) => {
          const industry = found.get(tenantId);
          const path = `listOftenantIds.${index}`;
          if (!industry) unknown.push({ path, message: 'Industry not found.', code: 'FIELD_UNKNOWN' });
          else if (app.partnerId !== null && industry.partnerId !== app.partnerId) {
            foreign.push({
              path,
              message: "This industry is not one of the app's partner's.",
              code: 'FIELD_INVALID',
            });
          }
        });
        if (unknown.length > 0) throw new AppError('NOT_FOUND', 'Industry not found.', unknown);
        if (foreign.length > 0) {
          throw businessRule(
            "An app added by a partner may send data only for that partner's industries.",
            foreign,
          );
        }
        const added = await insertAppVendorTenants(tx, app.id, tenantIds, ctx.principal.userId);
        for (const tenantId of added) {
          const industry = found.get(tenantId)!;
          await recordAudit(tx, ctx, {
            entity: 'app_vendor',
            entityId: app.id,
            action: 'TENANTS_ADDED',
            tenantId,
            oldValue: null,
            newValue: { appId: app.appId, tenant: { id: industry.id, name: industry.name } },
          });
        }
        return { added: added.length, alreadyAdded: tenantIds.length - added.length };
      });
    },

    /** Stops the app sending the industry's readings (its token is refused for them within seconds). */
    removeTenant(ctx: RequestContext, id: number, tenantId: number): Promise<void> {
      return db.transaction(async (tx) => {
        const app = await lockAppVendor(tx, appScopeOf(ctx.principal), id);
        if (!app) throw notFound('App');
        const [industry] = await findVisibleIndustries(tx, scopeOf(ctx.principal), [tenantId]);
        if (!industry || !(await deleteAppVendorTenant(tx, app.id, industry.id))) throw notFound('Industry');
        await recordAudit(tx, ctx, {
          entity: 'app_vendor',
          entityId: app.id,
          action: 'UPDATE',
          tenantId: industry.id,
          oldValue: { appId: app.appId, tenant: { id: industry.id, name: industry.name } },
          newValue: { appId: app.appId, tenant: null },
        });
      });
    },

    /** The apps that may send an industry's readings, for anyone who sees the industry. */
    async listTenantApps(
      ctx: RequestContext,
      tenantId: number,
      request: { page: number; pageSize: number },
    ): Promise<Page<TenantAppVendor>> {
      const industry = await visibleIndustry(db, ctx, tenantId);
      return findTenantAppVendorsPage(db, industry.id, request);
    },

    /**
     * The industry's meta sheet as CSV (with a byte order mark, so that
     * spreadsheet programs read Indian names right; cells that a spreadsheet
     * would run as a formula are quoted with a leading apostrophe).
     */
    async metaSheet(ctx: RequestContext, tenantId: number, tenantName: string) {
      const industry = await visibleIndustry(db, ctx, tenantId);
      const scope = scopeOf(ctx.principal);
      const [name, rows] = await Promise.all([
        findIndustryName(db, scope, industry.id),
        findMetaSheetRows(db, scope, industry.id),
      ]);
      const records: MetaSheetRow[] = rows.map((row) => ({
        tenantId: industry.id,
        tenantName: name ?? tenantName,
        monitoringPointId: row.monitoringPointId,
        monitoringPoint: row.monitoringPoint,
        entityType: row.entityType,
        deviceId: row.deviceId,
        deviceName: row.deviceName,
        serialNumber: row.serialNumber,
        parameterId: row.parameterId,
        parameter: row.parameterKey,
        parameterLabel: row.parameterLabel,
        deviceUnit: row.deviceUnit ?? '',
        standardUnit: row.stdUnit ?? '',
        allowedUnits: allowedUnitsOf(row).join(META_SHEET_UNIT_SEPARATOR),
      }));
      const csv = stringify(records, {
        header: true,
        columns: [...META_SHEET_COLUMNS],
        bom: true,
        escape_formulas: true,
        record_delimiter: 'windows',
      });
      return { fileName: metaSheetFileName(tenantName), csv };
    },
  };
}

export type AppVendorsService = ReturnType<typeof createAppVendorsService>;
