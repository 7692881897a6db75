import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { accounts, boardTenants } from '../db/schema/index.js';
import type { Principal } from './principal.js';

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

/** Whether the principal may change a user of the given account (status, password of others). */
export function canChangeUsersOf(p: Principal, account: AccountOwnership): boolean {
  return canChangeAccount(p, account);
}
