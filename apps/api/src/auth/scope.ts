import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_CREATE_ACCESS,
  PLATFORM_ACCOUNT_ALIAS,
  PLATFORM_ACCOUNT_ID,
  isAccessAllowed,
  type AccountFormType,
} from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { accounts, boardTenants } from '../db/schema/index.js';
import type { Principal } from './principal.js';

declare const scopeBrand: unique symbol;

/**
 * Which tenants' rows a query may touch. Every repository function that reads
 * or writes tenant-owned rows takes one; there is no "no scope". `all` is a
 * distinct value that only a site principal (or a named system task) can
 * obtain, so forgetting the scope and being a site user never look the same.
 */
export type DataScope =
  | { readonly kind: 'all'; readonly [scopeBrand]: true; readonly reason: string }
  | { readonly kind: 'principal'; readonly [scopeBrand]: true; readonly principal: Principal };

/** The rows a signed-in principal may see: all tenants for a site user not acting for one tenant. */
export function scopeOf(p: Principal): DataScope {
  if (p.userType === 'site' && p.actingTenantId === null) {
    return { kind: 'all', reason: `site user ${p.userId}` } as DataScope;
  }
  return { kind: 'principal', principal: p } as DataScope;
}

/**
 * All tenants, for work that runs for the platform itself rather than for a
 * user (background jobs, start-up, sign-in before there is a principal), and
 * for a rule that holds across all of them (a name used once on the platform).
 * The reason is named so that a reader sees why the scope is open.
 */
export function systemScope(
  reason: 'background job' | 'start-up' | 'sign-in' | 'session' | 'uniqueness',
): DataScope {
  return { kind: 'all', reason } as DataScope;
}

/** The condition on `accounts` for a scope; undefined only for all tenants. */
export function accountsWhere(scope: DataScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : visibleAccountsCondition(scope.principal);
}

/** The condition on a tenant-owned table's tenant column for a scope; undefined only for all tenants. */
export function tenantRowsWhere(scope: DataScope, column: AnyPgColumn): SQL | undefined {
  return scope.kind === 'all' ? undefined : tenantOwnedCondition(scope.principal, column);
}

/**
 * Visibility rules, in one place (architecture.md): site users see all
 * accounts; partner users their own account and their tenants; corporate users
 * their corporate's accounts; statutory users the tenants mapped to their board;
 * everyone else their own account only. Every repository reading accounts or
 * tenant-owned rows filters with these conditions.
 */
export function visibleAccountsCondition(p: Principal): SQL | undefined {
  const own = eq(accounts.id, p.accountId);
  switch (p.userType) {
    case 'site':
      return undefined;
    case 'partner':
      return or(own, eq(accounts.partnerId, p.accountId));
    case 'corporate':
      return p.corporateId === null ? own : or(own, eq(accounts.corporateId, p.corporateId));
    case 'statutory':
      return or(
        own,
        inArray(
          accounts.id,
          sql`(select ${boardTenants.tenantId} from ${boardTenants} where ${boardTenants.statutoryAccountId} = ${p.accountId})`,
        ),
      );
    case 'tenant':
      return own;
  }
}

/**
 * Condition for a table whose rows belong to a tenant (`column` holds the
 * tenant id). In manage mode only the acting-for tenant's rows are in scope.
 */
export function tenantOwnedCondition(p: Principal, column: AnyPgColumn): SQL | undefined {
  if (p.actingTenantId !== null) return eq(column, p.actingTenantId);
  if (p.userType === 'site') return undefined;
  if (p.userType === 'tenant') return eq(column, p.accountId);
  const visible = visibleAccountsCondition(p);
  return inArray(column, sql`(select ${accounts.id} from ${accounts} where ${visible})`);
}

/** Whether the principal may see the account at all (otherwise the API answers 404). */
export async function canSeeAccount(exec: Executor, p: Principal, accountId: number): Promise<boolean> {
  const rows = await exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), visibleAccountsCondition(p)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the principal may act for this tenant in manage mode (`X-Tenant-Id`). */
export async function canManageTenant(exec: Executor, p: Principal, tenantId: number): Promise<boolean> {
  const rows = await exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, tenantId), eq(accounts.type, 'tenant'), visibleAccountsCondition(p)))
    .limit(1);
  return rows.length > 0;
}

type AccountOwnership = { id: number; type: string; partnerId: number | null };

/**
 * Whether the principal may change an account it can see (otherwise 403).
 * Site users change everything; a partner admin changes its own account and
 * its tenants; a tenant admin its own account. Corporate and statutory users
 * only look.
 */
export function canChangeAccount(p: Principal, account: AccountOwnership): boolean {
  if (p.userType === 'site') return true;
  if (p.role !== 'admin') return false;
  if (p.userType === 'partner') return account.id === p.accountId || account.partnerId === p.accountId;
  if (p.userType === 'tenant') return account.id === p.accountId;
  return false;
}

/**
 * Whether the principal may set an account's status (spec §4: status is
 * changed by a site user). A partner admin may also disable one of its own
 * industries (stop its service), but not enable one: an industry disabled by
 * the platform (closed by its board, unpaid) comes back only by a site user
 * (docs/decisions/0010-account-status-rules.md).
 */
export function canSetAccountStatus(p: Principal, account: AccountOwnership, status: string): boolean {
  if (p.userType === 'site') return true;
  return (
    p.userType === 'partner' &&
    status !== 'ENABLED' &&
    account.id !== p.accountId &&
    canChangeAccount(p, account)
  );
}

/**
 * `canChangeAccount` as a condition on `accounts`, for a statement that checks
 * and changes a row at once (the working status change). Both say the same for
 * every row; `scope.test.ts` compares them.
 */
export function changeableAccountsCondition(p: Principal): SQL {
  if (p.userType === 'site') return sql`true`;
  if (p.role !== 'admin') return sql`false`;
  if (p.userType === 'partner') {
    return or(eq(accounts.id, p.accountId), eq(accounts.partnerId, p.accountId)) ?? sql`false`;
  }
  if (p.userType === 'tenant') return eq(accounts.id, p.accountId);
  return sql`false`;
}

/** Whether the principal may change a user of the given account (status, password of others). */
export function canChangeUsersOf(p: Principal, account: AccountOwnership): boolean {
  return canChangeAccount(p, account);
}

/**
 * Whether the principal may set this user's password: their own always, any
 * other user's only when they may change the users of that user's account.
 */
export function canSetPasswordOf(p: Principal, user: { id: number; account: AccountOwnership }): boolean {
  return user.id === p.userId || canChangeUsersOf(p, user.account);
}

/** Whether the principal may list the users of a corporate: site users any, others only their own (spec §6). */
export function canListUsersOfCorporate(p: Principal, corporateId: number): boolean {
  return p.userType === 'site' || corporateId === p.corporateId;
}

/**
 * The condition on a table keyed by account id (users, addresses, demo-data
 * records) for a scope: the rows of the accounts the scope can see, the same
 * accounts `accountsWhere` allows. Undefined only for all tenants.
 */
export function accountRowsWhere(scope: DataScope, column: AnyPgColumn): SQL | undefined {
  const visible = accountsWhere(scope);
  return visible === undefined
    ? undefined
    : inArray(column, sql`(select ${accounts.id} from ${accounts} where ${visible})`);
}

/**
 * Whether the principal may change the plan and quotas of an account it can
 * see (otherwise 403). The platform sets every account's; a partner admin
 * those of its own tenants. A tenant never changes its own limits.
 */
export function canChangeSubscription(p: Principal, account: { partnerId: number | null }): boolean {
  if (p.userType === 'site') return true;
  return p.userType === 'partner' && p.role === 'admin' && account.partnerId === p.accountId;
}

/**
 * Whether the principal may add this type of account at all: board accounts
 * by the platform only (`ACCOUNT_CREATE_ACCESS`, which the console's route
 * guard reads too). Under which partner is `canAddIndustryUnder`.
 */
export function canAddAccount(p: Principal, formType: AccountFormType): boolean {
  return isAccessAllowed(ACCOUNT_CREATE_ACCESS[formType], p);
}

/**
 * Whether the principal may add an industry under this partner (null: none
 * named). The platform adds under any partner; a partner only under its own
 * account; nobody else adds industries.
 */
export function canAddIndustryUnder(p: Principal, partnerId: number | null): boolean {
  if (p.userType === 'site') return true;
  if (p.userType === 'partner') return partnerId === null || partnerId === p.accountId;
  return false;
}

/** Only the platform attaches an account to a corporate, or changes or removes its corporate. */
export function canSetCorporate(p: Principal): boolean {
  return p.userType === 'site';
}

const isPlatformAccountId = (id: number) => id === PLATFORM_ACCOUNT_ID || id === PLATFORM_ACCOUNT_ALIAS;

/** Searching every account of every type is for the platform account itself, not while acting for a tenant. */
export function canSearchAllAccounts(p: Principal): boolean {
  return (
    isPlatformAccountId(p.accountId) && (p.actingTenantId === null || isPlatformAccountId(p.actingTenantId))
  );
}
