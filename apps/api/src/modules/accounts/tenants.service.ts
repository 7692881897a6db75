import type { AuthService } from '../auth/auth.service.js';
import { deleteAccountSessions } from '../auth/sessions.repository.js';
import {
  ACCOUNT_SEARCH_LIMIT,
  DEFAULT_PARTNER_ID,
  FIELD_MESSAGES,
  LOGO_CONTENT_TYPES,
  PLATFORM_ACCOUNT_ALIAS,
  PLATFORM_ACCOUNT_ID,
  findIndianState,
  tenantFormSchema,
  type AccountFormType,
  type AccountType,
  type FieldError,
  type Page,
  type TenantDetail,
  type TenantForm,
  type TenantListItem,
  type TenantListQuery,
  type TenantPatchBody,
  type WorkingStatus,
  type AuditAction,
} from '@vayu/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal, RequestContext } from '../../auth/principal.js';
import {
  canAddAccount,
  canAddIndustryUnder,
  canChangeAccount,
  canSetAccountStatus,
  changeableAccountsCondition,
  canSearchAllAccounts,
  canSetCorporate,
  scopeOf,
} from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound, staleVersion } from '../../lib/errors.js';
import { sniffImageType, type FileStore } from '../../lib/file-store.js';
import { auditInsertFrom, recordAudit } from '../audit/audit.service.js';
import {
  findCorporate,
  findIndustryCategory,
  findPartnerAccount,
  findTenantDetail,
  findTenantsPage,
  findVisibleAccount,
  insertAccount,
  searchAccounts,
  setWorkingStatusRecorded,
  updateAccount,
  updateAccountAtVersion,
  type AccountChanges,
  type AccountRow,
} from './tenants.repository.js';

export type TenantUpdate = TenantForm & { version: number };
export type AccountStatusChange = 'ENABLED' | 'DISABLED';
export type TenantStatusPatch = Array<
  | { op: 'replace'; att: 'status'; value: AccountStatusChange }
  | { op: 'replace'; att: 'workingStatus'; value: WorkingStatus }
>;

export const PARTNER_CHANGE_MESSAGE = 'Use the migrate-partner action to change the partner';
export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG, JPEG or WebP image';
const INVALID_FIELDS = 'The request has invalid fields.';

const LOGO_EXTENSIONS: Record<(typeof LOGO_CONTENT_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The account as the audit trail records it: API names, no storage names, no secrets. */
function auditViewOf(row: AccountRow) {
  return {
    name: row.name,
    type: row.type,
    status: row.status,
    workingStatus: row.workingStatus,
    partnerId: row.partnerId ?? DEFAULT_PARTNER_ID,
    industryId: row.industryCategoryId,
    corporateId: row.corporateId,
    industryCode: row.industryCode,
    contactEmail: row.contactEmail,
    contactNo: row.contactNo,
    address: row.address,
    city: row.city,
    stateCode: row.stateCode,
    countryCode: row.countryCode,
    zip: row.zip,
    gstin: row.gstin,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    timeZone: row.timeZone,
    isRemotePerformanceCheck: row.isRemotePerformanceCheck,
    approvalStatus: row.approvalStatus,
    logo: row.logoKey ? 'stored' : null,
  };
}

/** Only the fields that differ, as the old and the new value of an audit row. */
/**
 * The audit values of an update: the whole record before and after, so the
 * audit detail shows it side by side with the changed fields marked.
 */
function changedFields(before: AccountRow, after: AccountRow) {
  const oldValue: Record<string, unknown> = auditViewOf(before);
  const newValue: Record<string, unknown> = auditViewOf(after);
  if (before.logoKey !== after.logoKey && after.logoKey) {
    oldValue.logo = before.logoKey ? 'stored' : null;
    newValue.logo = 'replaced';
  }
  return { oldValue, newValue };
}

function fieldErrorsOf(error: z.ZodError, path: string): FieldError[] {
  return error.issues.map((issue) => ({
    path,
    message: issue.message,
    code: issue.message === FIELD_MESSAGES.required ? 'FIELD_REQUIRED' : 'FIELD_INVALID',
  }));
}

const isPlatformAccount = (id: number) => id === PLATFORM_ACCOUNT_ID || id === PLATFORM_ACCOUNT_ALIAS;

/** Refuses (403) a principal who may not add this type of account at all. */
export function assertMayAddAccount(p: Principal, formType: AccountFormType): void {
  if (!canAddAccount(p, formType)) {
    throw forbidden(
      formType === 'statutory'
        ? 'Only the platform can add board accounts.'
        : 'You are not allowed to add industries.',
    );
  }
}

export function createTenantsService({
  db,
  files,
  sessions,
}: {
  db: Database;
  files: FileStore;
  sessions: Pick<AuthService, 'forgetAllSessions'>;
}) {
  /** An account the principal can see, or 404. */
  async function getVisibleAccount(exec: Executor, ctx: RequestContext, id: number, forUpdate = false) {
    const account = await findVisibleAccount(exec, scopeOf(ctx.principal), id, { forUpdate });
    if (!account) throw notFound('Industry');
    return account;
  }

  /** An account the principal can see and change: 404 when out of scope, 403 when only visible. */
  async function getChangeableAccount(exec: Executor, ctx: RequestContext, id: number, forUpdate = false) {
    const account = await getVisibleAccount(exec, ctx, id, forUpdate);
    if (!canChangeAccount(ctx.principal, account))
      throw forbidden('You are not allowed to change this account.');
    return account;
  }

  async function getDetail(exec: Executor, ctx: RequestContext, id: number): Promise<TenantDetail> {
    const detail = await findTenantDetail(exec, scopeOf(ctx.principal), id);
    if (!detail) throw notFound('Industry');
    return detail;
  }

  /** The logo's type from its bytes; anything but PNG, JPEG or WebP is refused. */
  function checkLogo(data: Buffer) {
    const contentType = sniffImageType(data);
    if (!contentType || !(LOGO_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', LOGO_TYPE_MESSAGE, [
        { path: 'logo', message: LOGO_TYPE_MESSAGE, code: 'FIELD_INVALID' },
      ]);
    }
    return { contentType, extension: LOGO_EXTENSIONS[contentType] };
  }

  async function storeLogo(data: Buffer | null) {
    if (!data) return null;
    const { contentType, extension } = checkLogo(data);
    return { key: await files.put('logos', data, extension), contentType };
  }

  /** Runs a write that references a newly stored file; the file goes again when the write fails. */
  async function withStoredFile<T>(key: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (key) await files.delete(key).catch(() => undefined);
      throw error;
    }
  }

  async function checkIndustry(
    exec: Executor,
    industryId: number,
    currentId: number | null,
    errors: FieldError[],
  ) {
    if (industryId === currentId) return;
    const category = await findIndustryCategory(exec, industryId);
    if (!category || category.status === 'DELETED') {
      errors.push({
        path: 'industryId',
        message: 'Choose an industry category from the list',
        code: 'FIELD_INVALID',
      });
    }
  }

  async function checkCorporate(exec: Executor, corporateId: number, errors: FieldError[]) {
    const corporate = await findCorporate(exec, corporateId);
    if (!corporate || corporate.status === 'DELETED') {
      errors.push({
        path: 'corporateId',
        message: 'Choose a corporate from the list',
        code: 'FIELD_INVALID',
      });
    }
  }

  function checkState(form: TenantForm, errors: FieldError[]) {
    if (form.stateCode && form.countryCode === 'IN' && !findIndianState(form.stateCode)) {
      errors.push({ path: 'stateCode', message: 'Select State', code: 'FIELD_INVALID' });
    }
  }

  /** The columns the add/edit form sets, the same for create and update. */
  function formColumns(form: TenantForm): AccountChanges {
    return {
      name: form.name,
      industryCode: form.industryCode,
      contactEmail: form.contactEmail,
      contactNo: form.contactNo,
      address: form.address,
      city: form.city,
      stateCode: form.stateCode ? form.stateCode.toUpperCase() : null,
      countryCode: form.countryCode,
      zip: form.zip,
      gstin: form.gstin,
      latitude: form.latitude === null ? null : form.latitude.toFixed(6),
      longitude: form.longitude === null ? null : form.longitude.toFixed(6),
      timeZone: form.timeZone,
      isRemotePerformanceCheck: form.isRemotePerformanceCheck,
    };
  }

  /** Writes a change that carries no version (patches, status toggles) with its audit row. */
  async function applyChange(
    ctx: RequestContext,
    id: number,
    options: {
      action: AuditAction;
      changes: (current: AccountRow) => AccountChanges;
      check?: (current: AccountRow) => void;
      audit?: (before: AccountRow, after: AccountRow) => { oldValue: unknown; newValue: unknown };
    },
  ): Promise<TenantDetail> {
    let sessionsEnded = false;
    await db.transaction(async (tx) => {
      const current = await getChangeableAccount(tx, ctx, id, true);
      options.check?.(current);
      const changes = options.changes(current);
      const after = await updateAccount(tx, scopeOf(ctx.principal), id, changes);
      if (!after) throw notFound('Industry');
      // A disabled account's users are signed out: their next request is answered 401.
      if (current.status === 'ENABLED' && after.status !== 'ENABLED') {
        await deleteAccountSessions(tx, id);
        sessionsEnded = true;
      }
      const { oldValue, newValue } = options.audit
        ? options.audit(current, after)
        : changedFields(current, after);
      await recordAudit(tx, ctx, {
        entity: 'account',
        entityId: id,
        action: options.action,
        tenantId: id,
        oldValue,
        newValue,
      });
    });
    if (sessionsEnded) sessions.forgetAllSessions();
    return getDetail(db, ctx, id);
  }

  function refusePlatformStatusChange(account: AccountRow) {
    if (account.type === 'site' || isPlatformAccount(account.id)) {
      throw new AppError('PLATFORM_ACCOUNT_LOCKED', 'The status of the platform account cannot be changed.');
    }
  }

  const required = (path: string): FieldError => ({
    path,
    message: FIELD_MESSAGES.required,
    code: 'FIELD_REQUIRED',
  });

  return {
    async listTenants(ctx: RequestContext, query: TenantListQuery): Promise<Page<TenantListItem>> {
      const filter = {
        scope: scopeOf(ctx.principal),
        type: query.type,
        status: query.status,
        search: query.search || undefined,
        partnerId: query.partnerId,
        isDemo: query.isDemo,
        remoteCalibration: query.remoteCalibration,
      };
      return findTenantsPage(db, filter, query);
    },

    getTenant(ctx: RequestContext, id: number) {
      return getDetail(db, ctx, id);
    },

    /**
     * Creates an industry under a partner ('partner') or a board account
     * ('statutory'). Everything, the logo included, is checked before
     * anything is written.
     */
    async createAccount(
      ctx: RequestContext,
      formType: AccountFormType,
      form: TenantForm,
      logo: Buffer | null,
    ) {
      const p = ctx.principal;
      const scope = scopeOf(p);
      const errors: FieldError[] = [];
      let accountType: AccountType;
      let partnerId: number | null = null;

      if (formType === 'statutory') {
        assertMayAddAccount(p, formType);
        accountType = 'statutory';
        if (form.partnerId !== null && form.partnerId !== DEFAULT_PARTNER_ID) {
          errors.push({ path: 'partnerId', message: 'A board account has no partner', code: 'FIELD_RULE' });
        }
        if (form.industryId !== null) {
          errors.push({
            path: 'industryId',
            message: 'A board account has no industry category',
            code: 'FIELD_RULE',
          });
        }
      } else {
        accountType = 'tenant';
        if (!canAddIndustryUnder(p, form.partnerId)) {
          throw forbidden('You can add industries only under your own partner account.');
        }
        if (p.userType === 'partner') {
          partnerId = p.accountId;
        } else if (form.partnerId === null) {
          errors.push(required('partnerId'));
        } else if (form.partnerId !== DEFAULT_PARTNER_ID) {
          if (!(await findPartnerAccount(db, scope, form.partnerId))) {
            errors.push({
              path: 'partnerId',
              message: 'Choose a partner from the list',
              code: 'FIELD_INVALID',
            });
          }
          partnerId = form.partnerId;
        }
        if (form.industryId === null) errors.push(required('industryId'));
        else await checkIndustry(db, form.industryId, null, errors);
      }
      const corporateId =
        form.corporateId === null || form.corporateId === DEFAULT_PARTNER_ID ? null : form.corporateId;
      if (corporateId !== null) {
        if (!canSetCorporate(p)) throw forbidden('Only the platform can attach an account to a corporate.');
        await checkCorporate(db, corporateId, errors);
      }
      checkState(form, errors);
      if (errors.length > 0) throw badRequest(INVALID_FIELDS, errors);
      if (logo) checkLogo(logo);

      const stored = await storeLogo(logo);
      const created = await withStoredFile(stored?.key, () =>
        db.transaction(async (tx) => {
          const row = await insertAccount(tx, {
            ...formColumns(form),
            name: form.name,
            type: accountType,
            status: 'ENABLED',
            partnerId,
            partnerSince: partnerId !== null ? new Date() : null,
            corporateId,
            industryCategoryId: accountType === 'tenant' ? form.industryId : null,
            // Industries a partner onboards wait for the platform's approval.
            approvalStatus: p.userType === 'partner' ? 'PENDING' : 'APPROVED',
            logoKey: stored?.key ?? null,
            logoContentType: stored?.contentType ?? null,
          });
          await recordAudit(tx, ctx, {
            entity: 'account',
            entityId: row.id,
            action: 'CREATE',
            tenantId: row.id,
            oldValue: null,
            newValue: { id: row.id, ...auditViewOf(row) },
          });
          return row;
        }),
      );
      return { id: created.id, accountType: created.type };
    },

    /**
     * The edit form. The partner, type and status never change here; the
     * version the edit started from must still be the current one.
     */
    async updateAccount(ctx: RequestContext, id: number, form: TenantUpdate, logo: Buffer | null) {
      const p = ctx.principal;
      const current = await getChangeableAccount(db, ctx, id);
      if (form.partnerId !== null) {
        const wanted = form.partnerId === DEFAULT_PARTNER_ID ? null : form.partnerId;
        if (wanted !== current.partnerId) {
          throw new AppError(
            'PARTNER_CHANGE_REFUSED',
            PARTNER_CHANGE_MESSAGE,
            [{ path: 'partnerId', message: PARTNER_CHANGE_MESSAGE, code: 'FIELD_RULE' }],
            { reason: 'useMigrate' },
          );
        }
      }
      const errors: FieldError[] = [];
      // An absent id keeps the current value; −1 removes the corporate.
      let corporateId = current.corporateId;
      if (form.corporateId !== null) {
        const wanted = form.corporateId === DEFAULT_PARTNER_ID ? null : form.corporateId;
        if (wanted !== current.corporateId) {
          if (!canSetCorporate(p))
            throw forbidden('Only the platform can change the corporate of an account.');
          if (wanted !== null) await checkCorporate(db, wanted, errors);
          corporateId = wanted;
        }
      }
      let industryId = current.industryCategoryId;
      if (form.industryId !== null) {
        if (current.type === 'tenant')
          await checkIndustry(db, form.industryId, current.industryCategoryId, errors);
        else if (form.industryId !== DEFAULT_PARTNER_ID) {
          errors.push({
            path: 'industryId',
            message: 'Only an industry has an industry category',
            code: 'FIELD_RULE',
          });
        }
        industryId = current.type === 'tenant' ? form.industryId : null;
      }
      checkState(form, errors);
      if (errors.length > 0) throw badRequest(INVALID_FIELDS, errors);
      if (logo) checkLogo(logo);
      if (form.version !== current.version) throw staleVersion();

      const stored = await storeLogo(logo);
      const { before } = await withStoredFile(stored?.key, () =>
        db.transaction(async (tx) => {
          const changes: AccountChanges = {
            ...formColumns(form),
            corporateId,
            industryCategoryId: industryId,
            ...(stored ? { logoKey: stored.key, logoContentType: stored.contentType } : {}),
          };
          const after = await updateAccountAtVersion(tx, scopeOf(p), id, form.version, changes);
          if (!after) throw staleVersion();
          const { oldValue, newValue } = changedFields(current, after);
          await recordAudit(tx, ctx, {
            entity: 'account',
            entityId: id,
            action: 'UPDATE',
            tenantId: id,
            oldValue,
            newValue,
          });
          return { before: current };
        }),
      );
      // The replaced logo goes only once the new one is committed.
      if (stored && before.logoKey) await files.delete(before.logoKey).catch(() => undefined);
      return getDetail(db, ctx, id);
    },

    /** `PATCH /api/tenants/{id}`: each value is checked with the form's own field schema. */
    async patchAccount(ctx: RequestContext, id: number, body: TenantPatchBody) {
      const changes: AccountChanges = {};
      const errors: FieldError[] = [];
      const seen = new Set<string>();
      for (const { att, value } of body) {
        if (seen.has(att)) {
          errors.push({ path: att, message: 'Given more than once', code: 'FIELD_RULE' });
          continue;
        }
        seen.add(att);
        const fieldSchema: z.ZodType = tenantFormSchema.shape[att];
        const parsed = fieldSchema.safeParse(value);
        if (!parsed.success) {
          errors.push(...fieldErrorsOf(parsed.error, att));
          continue;
        }
        // Each attribute keeps its own column; the form names are the API names.
        (changes as Record<string, unknown>)[att] = parsed.data;
      }
      if (errors.length > 0) throw badRequest(INVALID_FIELDS, errors);
      return applyChange(ctx, id, { action: 'UPDATE', changes: () => changes });
    },

    /** `PATCH /api/tenantStatusChangeByUser/{id}`: status and working status. */
    async patchAccountStatus(ctx: RequestContext, id: number, body: TenantStatusPatch) {
      const changes: AccountChanges = {};
      for (const op of body) {
        if (op.att === 'status') changes.status = op.value;
        else changes.workingStatus = op.value;
      }
      return applyChange(ctx, id, {
        action: changes.status !== undefined ? 'STATUS_CHANGE' : 'WORKING_STATUS_CHANGE',
        check: (current) => {
          if (changes.status === undefined) return;
          refusePlatformStatusChange(current);
          if (!canSetAccountStatus(ctx.principal, current, changes.status)) {
            throw forbidden('Only the platform team can enable an account.');
          }
        },
        changes: () => changes,
      });
    },

    /** `POST /api/changeTenantStatus/{id}`: a site user enables or disables a tenant or a partner. */
    async changeStatus(ctx: RequestContext, id: number, status: AccountStatusChange) {
      return applyChange(ctx, id, {
        action: 'STATUS_CHANGE',
        check: refusePlatformStatusChange,
        changes: () => ({ status }),
        audit: (before, after) => ({
          oldValue: { status: before.status },
          newValue: { status: after.status },
        }),
      });
    },

    /** `POST /api/changeWorkingStatus`: the remark is kept in the audit trail. */
    async changeWorkingStatus(
      ctx: RequestContext,
      body: { tenantId: number; workingStatus: WorkingStatus; remark: string | null },
    ) {
      // The busiest write of the console: one statement locks the row, sets the working status
      // when the principal may change the account, and records the change with the status it replaced.
      const change = await setWorkingStatusRecorded(
        db,
        scopeOf(ctx.principal),
        changeableAccountsCondition(ctx.principal),
        body.tenantId,
        body.workingStatus,
        (source, before) =>
          auditInsertFrom(
            ctx,
            {
              entity: 'account',
              entityId: body.tenantId,
              action: 'WORKING_STATUS_CHANGE',
              tenantId: body.tenantId,
              newValue: { workingStatus: body.workingStatus, remark: body.remark },
            },
            source,
            { oldValue: sql`jsonb_build_object('workingStatus', ${before})` },
          ),
      );
      if (!change) throw notFound('Industry');
      if (!change.changed) throw forbidden('You are not allowed to change this account.');
      return getDetail(db, ctx, body.tenantId);
    },

    /** Every account of every type: only for the platform account itself (spec §6), not in manage mode. */
    searchAllAccounts(ctx: RequestContext, term: string) {
      if (!canSearchAllAccounts(ctx.principal)) {
        throw forbidden('Only the platform account can search all accounts.');
      }
      return searchAccounts(db, scopeOf(ctx.principal), {
        term,
        types: undefined,
        limit: ACCOUNT_SEARCH_LIMIT,
      });
    },

    /** Industries within the principal's scope. */
    searchTenants(ctx: RequestContext, term: string) {
      return searchAccounts(db, scopeOf(ctx.principal), {
        term,
        types: ['tenant'],
        limit: ACCOUNT_SEARCH_LIMIT,
      });
    },

    async getLogo(ctx: RequestContext, id: number) {
      const account = await getVisibleAccount(db, ctx, id);
      if (!account.logoKey || !account.logoContentType) throw notFound('Logo');
      const data = await files.get(account.logoKey);
      if (!data) throw notFound('Logo');
      return { data, contentType: account.logoContentType };
    },
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;
