import { type SQL, and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_PARTNER_ID,
  findCountry,
  getDataFreshness,
  findIndianState,
  type AccountType,
  type Page,
  type TenantDetail,
  type TenantListItem,
  type WorkingStatus,
} from '@vayu/domain';
import { accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import { type Bind, inline, placeholder, runNamed, runPrepared } from '../../lib/statements.js';
import { accounts, corporates, industryCategories, tenantPermissions, users } from '../../db/schema/index.js';

const partner = alias(accounts, 'partner');
const lowerName = sql`lower(${accounts.name})`;

/** `%term%` for LIKE on lower(name), with the term's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term.toLowerCase())}%`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Terms shorter than this match the start of a word of the name; longer ones any part of it. */
export const SUBSTRING_SEARCH_MIN_LENGTH = 3;

/**
 * The name search. A trigram index finds a substring of three or more
 * characters; for one or two characters it can only find a word starting
 * with them (the index pads each word with two blanks), so that is what a
 * short term matches. Both stay index searches at any table size.
 */
function nameMatches(term: string, bind: Bind = inline): SQL {
  const lowered = term.toLowerCase();
  if (isWordStartSearch(term)) {
    return sql`${lowerName} ~ ${bind('pattern', `(^| )${lowered.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`)}`)}`;
  }
  return sql`${lowerName} like ${bind('pattern', containsPattern(term))}`;
}

const isWordStartSearch = (term: string) => [...term.toLowerCase()].length < SUBSTRING_SEARCH_MIN_LENGTH;

const isBlocked = sql<boolean>`exists (select 1 from ${tenantPermissions} where ${tenantPermissions.tenantId} = ${accounts.id} and ${tenantPermissions.isActive})`;

export interface TenantPageFilter {
  scope: DataScope;
  type: AccountType;
  status: 'all' | 'ENABLED' | 'DISABLED';
  search: string | undefined;
  /** −1: accounts without a partner. */
  partnerId: number | undefined;
  isDemo: boolean | undefined;
  remoteCalibration: boolean | undefined;
}

/** The rows of the tenant list (and of its CSV export) for a filter. */
export function tenantPageCondition(f: TenantPageFilter, bind: Bind = inline): SQL | undefined {
  return and(
    eq(accounts.type, bind('type', f.type)),
    f.status === 'all' ? ne(accounts.status, 'DELETED') : eq(accounts.status, bind('status', f.status)),
    f.search ? nameMatches(f.search, bind) : undefined,
    f.partnerId === undefined
      ? undefined
      : f.partnerId === DEFAULT_PARTNER_ID
        ? isNull(accounts.partnerId)
        : eq(accounts.partnerId, bind('partnerId', f.partnerId)),
    f.isDemo === undefined ? undefined : eq(accounts.isDemo, bind('isDemo', f.isDemo)),
    f.remoteCalibration === undefined
      ? undefined
      : eq(accounts.isRemotePerformanceCheck, bind('remoteCalibration', f.remoteCalibration)),
    accountsWhere(f.scope),
  );
}

/** What the text of the page statement depends on: which filters are present, and the scope. */
function tenantPageShape(f: TenantPageFilter): string {
  return JSON.stringify([
    f.status === 'all',
    f.search === undefined ? 'none' : isWordStartSearch(f.search) ? 'word' : 'substring',
    f.partnerId === undefined ? 'any' : f.partnerId === DEFAULT_PARTNER_ID ? 'none' : 'one',
    f.isDemo === undefined,
    f.remoteCalibration === undefined,
    f.scope,
  ]);
}

/** The tenants a filter matches, for a bounded count (`readPage`). */
export function tenantMatchesQuery(exec: Executor, filter: TenantPageFilter) {
  return exec.select({ id: accounts.id }).from(accounts).where(tenantPageCondition(filter)).$dynamic();
}

/**
 * One page of the tenant list, in name order. The page's ids are chosen
 * first on `accounts` alone (walking the (type, lower(name), id) index, or
 * the trigram index for a search), and only those rows are joined to their
 * partner, category and permissions.
 */
export function tenantsPageQuery(
  exec: Executor,
  filter: TenantPageFilter,
  page: { limit: number; offset: number },
  bind: Bind = inline,
) {
  const ids = exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(tenantPageCondition(filter, bind))
    .orderBy(lowerName, asc(accounts.id))
    .limit(bind('limit', page.limit))
    .offset(bind('offset', page.offset))
    .as('page_ids');
  return exec
    .select({
      id: accounts.id,
      name: accounts.name,
      type: accounts.type,
      status: accounts.status,
      workingStatus: accounts.workingStatus,
      partnerId: accounts.partnerId,
      partnerName: partner.name,
      industryName: industryCategories.name,
      city: accounts.city,
      stateCode: accounts.stateCode,
      contactEmail: accounts.contactEmail,
      isRemotePerformanceCheck: accounts.isRemotePerformanceCheck,
      isBlocked,
      planCode: accounts.planCode,
      createdAt: accounts.createdAt,
      // An industry's newest reading time, from each device's (kept by the readings insert).
      lastDataMs: sql<number | null>`(SELECT (extract(epoch FROM max(l.last_ts)) * 1000)::float8
          FROM device_last_data l JOIN devices d ON d.id = l.device_id AND d.status <> 'DELETED'
         WHERE l.tenant_id = ${accounts.id})`.as('last_data_ms'),
    })
    .from(ids)
    .innerJoin(accounts, eq(accounts.id, ids.id))
    .leftJoin(partner, eq(partner.id, accounts.partnerId))
    .leftJoin(industryCategories, eq(industryCategories.id, accounts.industryCategoryId))
    .orderBy(lowerName, asc(accounts.id));
}

/** One page of the tenant list with its total (exact, bounded or estimated: `readPage`). */
export function findTenantsPage(
  exec: Executor,
  filter: TenantPageFilter,
  request: { page: number; pageSize: number },
): Promise<Page<TenantListItem>> {
  return readPage(exec, request, {
    rows: async (limit, offset) => {
      // The statement is built once per shape and run with this page's values (lib/statements.ts).
      const values: Record<string, unknown> = { limit, offset };
      const bindValue: Bind = (name, value) => {
        values[name] = value;
        return value;
      };
      tenantPageCondition(filter, bindValue);
      const rows = await runPrepared(
        exec,
        `tenants page ${tenantPageShape(filter)}`,
        () => tenantsPageQuery(exec, filter, { limit, offset }, placeholder),
        values,
      );
      const now = Date.now();
      return rows.map((row) => toListItem(row, now));
    },
    matches: () => tenantMatchesQuery(exec, filter),
    countKey: ['tenants', filter],
  });
}

function toListItem(r: Awaited<ReturnType<typeof tenantsPageQuery>>[number], now: number): TenantListItem {
  const lastData = r.type === 'tenant' && r.lastDataMs !== null ? Math.round(Number(r.lastDataMs)) : null;
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    status: r.status,
    workingStatus: r.workingStatus,
    partnerId: r.partnerId ?? DEFAULT_PARTNER_ID,
    partnerName: r.partnerName,
    industryName: r.industryName,
    city: r.city,
    stateCode: r.stateCode,
    contactEmail: r.contactEmail,
    isRemotePerformanceCheck: r.isRemotePerformanceCheck,
    isBlocked: r.isBlocked,
    planCode: r.planCode,
    createdAt: r.createdAt.toISOString(),
    lastDataAt: lastData === null ? null : new Date(lastData).toISOString(),
    freshness: r.type === 'tenant' ? getDataFreshness(lastData, now) : null,
  };
}

/** The stored account row (not for the API): what services check rules against. */
export type AccountRow = typeof accounts.$inferSelect;

/**
 * An account the scope allows, never a DELETED one. `forUpdate` locks the
 * row until the transaction ends, so the values an audit row records as
 * "old" are the ones the change replaced.
 */
export async function findVisibleAccount(
  exec: Executor,
  scope: DataScope,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AccountRow | undefined> {
  const query = exec
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: accounts }) : await query;
  return row;
}

/** What a working status change found: the account's owner, and whether it was changed. */
export interface WorkingStatusChange {
  id: number;
  type: AccountType;
  partnerId: number | null;
  /** False when the account is in scope but `changeable` refused it: nothing was written. */
  changed: boolean;
}

/**
 * Sets the working status of an account the scope allows (never a DELETED
 * one) and records it, in one statement: it locks the row, changes it when
 * `changeable` holds for it, and inserts the audit row that `audit` builds
 * from the changed row (`source`, with the status it replaced as `before`).
 * One statement is one transaction, and it holds a pooled connection only
 * while the database runs it. Undefined when the scope has no such account.
 */
export async function setWorkingStatusRecorded(
  exec: Executor,
  scope: DataScope,
  changeable: SQL,
  id: number,
  workingStatus: WorkingStatus,
  audit: (source: SQL, before: SQL) => SQL,
): Promise<WorkingStatusChange | undefined> {
  const column = (c: { name: string }) => sql.identifier(c.name);
  // A named statement: one plan kept per connection (lib/statements.ts).
  const [row] = await runNamed<{
    id: number;
    type: AccountType;
    partner_id: number | null;
    changed: boolean;
  }>(
    exec,
    sql`
    with target as (
      select ${accounts.id} as id, ${accounts.type} as type, ${accounts.partnerId} as partner_id,
        ${accounts.workingStatus} as before
      from ${accounts}
      where ${and(eq(accounts.id, id), ne(accounts.status, 'DELETED'), accountsWhere(scope))}
      for update
    ), changed as (
      update ${accounts}
      set ${column(accounts.workingStatus)} = ${workingStatus},
        ${column(accounts.version)} = ${accounts.version} + 1,
        ${column(accounts.updatedAt)} = now()
      from target
      where ${accounts.id} = target.id and ${changeable}
      returning target.before
    ), recorded as (
      ${audit(sql`changed`, sql`changed.before`)}
    )
    select id, type, partner_id, exists (select 1 from changed) as changed from target`,
  );
  return row && { id: row.id, type: row.type, partnerId: row.partner_id, changed: row.changed };
}

export const logoUrlOf = (row: Pick<AccountRow, 'id' | 'logoKey' | 'version'>) =>
  row.logoKey ? `/api/tenant-logo/tenants/${row.id}?v=${row.version}` : null;

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

type PermissionRow = { id: number; permission: string; isActive: boolean; reason: string | null };

/** Everything the detail view and the edit form show, for an account the scope allows. */
export async function findTenantDetail(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<TenantDetail | undefined> {
  // Built once per scope and run with the id, as a named statement with a kept plan (lib/statements.ts).
  const [row] = await runPrepared(
    exec,
    `tenant detail ${JSON.stringify(scope)}`,
    () => tenantDetailQuery(exec, scope, placeholder('id', id)),
    { id },
    { plan: 'kept' },
  );
  if (!row) return undefined;
  return toTenantDetail(row);
}

const primaryUser = alias(users, 'primary_user');

function tenantDetailQuery(exec: Executor, scope: DataScope, id: number) {
  return exec
    .select({
      account: accounts,
      partnerName: partner.name,
      industryName: industryCategories.name,
      corporateName: corporates.name,
      primaryUserId: primaryUser.id,
      primaryUserName: primaryUser.name,
      primaryUserEmail: primaryUser.email,
      primaryUserActivatedAt: primaryUser.activatedAt,
      // The permissions come with the row: one query for the whole detail.
      permissions: sql<PermissionRow[]>`coalesce((
        select json_agg(json_build_object('id', ${tenantPermissions.id}, 'permission', ${tenantPermissions.permission},
          'isActive', ${tenantPermissions.isActive}, 'reason', ${tenantPermissions.reason}) order by ${tenantPermissions.id})
        from ${tenantPermissions} where ${tenantPermissions.tenantId} = ${accounts.id}), '[]'::json)`,
    })
    .from(accounts)
    .leftJoin(partner, eq(partner.id, accounts.partnerId))
    .leftJoin(industryCategories, eq(industryCategories.id, accounts.industryCategoryId))
    .leftJoin(corporates, eq(corporates.id, accounts.corporateId))
    .leftJoin(primaryUser, eq(primaryUser.id, accounts.primaryUserId))
    .where(and(eq(accounts.id, id), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .limit(1);
}

function toTenantDetail(row: Awaited<ReturnType<typeof tenantDetailQuery>>[number]): TenantDetail {
  const permissions =
    typeof row.permissions === 'string' ? (JSON.parse(row.permissions) as PermissionRow[]) : row.permissions;
  const a = row.account;
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    status: a.status,
    workingStatus: a.workingStatus,
    partnerId: a.partnerId ?? DEFAULT_PARTNER_ID,
    partnerName: row.partnerName,
    industryId: a.industryCategoryId,
    industry:
      a.industryCategoryId !== null && row.industryName !== null
        ? { id: a.industryCategoryId, name: row.industryName }
        : null,
    industryCode: a.industryCode,
    corporate:
      a.corporateId !== null && row.corporateName !== null
        ? { id: a.corporateId, name: row.corporateName }
        : null,
    contactEmail: a.contactEmail,
    contactNo: a.contactNo,
    address: a.address,
    city: a.city,
    stateCode: a.stateCode,
    stateName: a.stateCode ? (findIndianState(a.stateCode)?.name ?? null) : null,
    countryCode: a.countryCode,
    countryName: findCountry(a.countryCode)?.name ?? null,
    zip: a.zip,
    gstin: a.gstin,
    latitude: numberOrNull(a.latitude),
    longitude: numberOrNull(a.longitude),
    timeZone: a.timeZone,
    logoUrl: logoUrlOf(a),
    ioeyeTenantId: a.ioeyeTenantId,
    planDetails: {
      planCode: a.planCode,
      paymentMode: a.paymentMode,
    },
    isRemotePerformanceCheck: a.isRemotePerformanceCheck,
    tenantPermissionDetails: permissions.map((p) => ({
      id: p.id,
      permission: p.permission,
      active: p.isActive,
      reason: p.reason,
    })),
    isBlocked: permissions.some((p) => p.isActive),
    partnerSince: a.partnerSince?.toISOString() ?? null,
    primaryUser:
      row.primaryUserId !== null && row.primaryUserName !== null && row.primaryUserEmail !== null
        ? { id: row.primaryUserId, name: row.primaryUserName, userName: row.primaryUserEmail }
        : null,
    activationAwaited: row.primaryUserId !== null && row.primaryUserActivatedAt === null,
    isDemo: a.isDemo,
    approvalStatus: a.approvalStatus,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    version: a.version,
  };
}

export type NewAccountValues = typeof accounts.$inferInsert;
export type AccountChanges = Partial<Omit<NewAccountValues, 'id' | 'version' | 'createdAt' | 'updatedAt'>>;

export async function insertAccount(exec: Executor, values: NewAccountValues): Promise<AccountRow> {
  const [row] = await exec.insert(accounts).values(values).returning();
  return row!;
}

/**
 * Applies the changes only when the row is in the scope and still has the
 * version the edit started from, and bumps the version. Undefined when
 * someone else saved first.
 */
export async function updateAccountAtVersion(
  exec: Executor,
  scope: DataScope,
  id: number,
  version: number,
  changes: AccountChanges,
): Promise<AccountRow | undefined> {
  const [row] = await exec
    .update(accounts)
    .set({ ...changes, version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), eq(accounts.version, version), accountsWhere(scope)))
    .returning();
  return row;
}

/**
 * Applies changes that do not carry a version (status toggles, patches):
 * last one wins, version bumps. Undefined when the row is not in the scope.
 */
export async function updateAccount(
  exec: Executor,
  scope: DataScope,
  id: number,
  changes: AccountChanges,
): Promise<AccountRow | undefined> {
  const [row] = await exec
    .update(accounts)
    .set({ ...changes, version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), accountsWhere(scope)))
    .returning();
  return row;
}

export async function findIndustryCategory(exec: Executor, id: number) {
  const [row] = await exec
    .select({ id: industryCategories.id, name: industryCategories.name, status: industryCategories.status })
    .from(industryCategories)
    .where(eq(industryCategories.id, id));
  return row;
}

export async function findCorporate(exec: Executor, id: number) {
  const [row] = await exec
    .select({ id: corporates.id, name: corporates.name, status: corporates.status })
    .from(corporates)
    .where(eq(corporates.id, id));
  return row;
}

/** A partner account (not deleted) within the scope. */
export async function findPartnerAccount(exec: Executor, scope: DataScope, id: number) {
  const [row] = await exec
    .select({ id: accounts.id, name: accounts.name, status: accounts.status })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, id),
        eq(accounts.type, 'partner'),
        ne(accounts.status, 'DELETED'),
        accountsWhere(scope),
      ),
    );
  return row;
}

/**
 * Accounts whose name contains the term, names starting with it first.
 * `types` limits the account types (all when undefined).
 */
export async function searchAccounts(
  exec: Executor,
  scope: DataScope,
  options: { term: string; types: AccountType[] | undefined; limit: number },
) {
  const prefix = `${escapeLike(options.term.toLowerCase())}%`;
  const rows = await exec
    .select({
      id: accounts.id,
      name: accounts.name,
      type: accounts.type,
      status: accounts.status,
      partnerName: partner.name,
      city: accounts.city,
    })
    .from(accounts)
    .leftJoin(partner, eq(partner.id, accounts.partnerId))
    .where(
      and(
        nameMatches(options.term),
        ne(accounts.status, 'DELETED'),
        options.types ? inArray(accounts.type, options.types) : undefined,
        accountsWhere(scope),
      ),
    )
    .orderBy(desc(sql`${lowerName} like ${prefix}`), lowerName, asc(accounts.id))
    .limit(options.limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    status: r.status,
    partnerName: r.partnerName,
    city: r.city,
  }));
}
