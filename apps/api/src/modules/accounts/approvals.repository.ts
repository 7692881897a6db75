import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { ApprovalStatus } from '@vayu/domain';
import { alias } from 'drizzle-orm/pg-core';
import { accountRowsWhere, accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, demoDataRecords, users } from '../../db/schema/index.js';

const partner = alias(accounts, 'partner');

export interface ApprovalTenantRow {
  id: number;
  name: string;
  type: string;
  isDemo: boolean;
  approvalStatus: string;
  approvalRemark: string | null;
}

/** An account (not deleted) within the scope; `lock` holds the row until the transaction ends. */
export async function findApprovalTenant(
  exec: Executor,
  scope: DataScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ApprovalTenantRow | undefined> {
  const query = exec
    .select({
      id: accounts.id,
      name: accounts.name,
      type: accounts.type,
      isDemo: accounts.isDemo,
      approvalStatus: accounts.approvalStatus,
      approvalRemark: accounts.approvalRemark,
    })
    .from(accounts)
    .where(and(eq(accounts.id, id), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateApproval(
  exec: Executor,
  scope: DataScope,
  id: number,
  values: { approvalStatus: ApprovalStatus; approvalRemark: string | null },
) {
  await exec
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), accountsWhere(scope)));
}

/** Tenants (not deleted) within the scope, per approval status. */
export async function countTenantsByApproval(
  exec: Executor,
  scope: DataScope,
): Promise<Record<string, number>> {
  const rows = await exec
    .select({ status: accounts.approvalStatus, n: count() })
    .from(accounts)
    .where(and(eq(accounts.type, 'tenant'), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .groupBy(accounts.approvalStatus);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export interface ApprovalReportRow {
  name: string;
  partnerName: string | null;
  stateCode: string | null;
  approvalStatus: string;
  createdAt: Date;
}

/** Tenants within the scope for the approval report: pending first (oldest first), then rejected, then approved. */
export function findTenantsForApprovalReport(
  exec: Executor,
  scope: DataScope,
  limit: number,
): Promise<ApprovalReportRow[]> {
  return exec
    .select({
      name: accounts.name,
      partnerName: partner.name,
      stateCode: accounts.stateCode,
      approvalStatus: accounts.approvalStatus,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .leftJoin(partner, eq(partner.id, accounts.partnerId))
    .where(and(eq(accounts.type, 'tenant'), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .orderBy(
      sql`case ${accounts.approvalStatus} when 'PENDING' then 0 when 'REJECTED' then 1 else 2 end`,
      asc(accounts.createdAt),
      asc(accounts.id),
    )
    .limit(limit);
}

/** Enabled admins of the platform account (within the scope): who gets the approval report by default. */
export function findSiteAdmins(exec: Executor, scope: DataScope) {
  return exec
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.userType, 'site'),
        eq(users.role, 'admin'),
        eq(users.status, 'ENABLED'),
        accountRowsWhere(scope, users.accountId),
      ),
    )
    .orderBy(asc(users.email));
}

export async function insertDemoDataRecord(
  exec: Executor,
  values: {
    tenantId: number;
    isDemo: boolean;
    validTill: Date | null;
    remark: string | null;
    createdBy: number;
  },
) {
  const [row] = await exec.insert(demoDataRecords).values(values).returning();
  return row!;
}

export async function updateIsDemo(exec: Executor, scope: DataScope, tenantId: number, isDemo: boolean) {
  await exec
    .update(accounts)
    .set({ isDemo, updatedAt: new Date() })
    .where(and(eq(accounts.id, tenantId), accountsWhere(scope)));
}

/** The demo-data records of a tenant within the scope, newest first, with who made them. */
export async function findDemoDataRecords(exec: Executor, scope: DataScope, tenantId: number) {
  const rows = await exec
    .select({
      id: demoDataRecords.id,
      tenantId: demoDataRecords.tenantId,
      isDemo: demoDataRecords.isDemo,
      validTill: demoDataRecords.validTill,
      remark: demoDataRecords.remark,
      createdBy: users.email,
      createdAt: demoDataRecords.createdAt,
    })
    .from(demoDataRecords)
    .leftJoin(users, eq(users.id, demoDataRecords.createdBy))
    .where(and(eq(demoDataRecords.tenantId, tenantId), accountRowsWhere(scope, demoDataRecords.tenantId)))
    .orderBy(desc(demoDataRecords.createdAt), desc(demoDataRecords.id));
  return rows.map((r) => ({
    ...r,
    validTill: r.validTill?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
