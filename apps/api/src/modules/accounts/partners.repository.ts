import { type SQL, and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountStatus, PartnerForm, PartnerSummary, partnerDetailSchema } from '@vayu/domain';
import type { z } from 'zod';
import { accountRowsWhere, accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, partnerRequests, users } from '../../db/schema/index.js';

export type PartnerDetail = z.infer<typeof partnerDetailSchema>;

const tenant = alias(accounts, 'tenant');

/** `%` and `_` in what people type are meant literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const partnerColumns = {
  id: accounts.id,
  name: accounts.name,
  status: accounts.status,
  contactEmail: accounts.contactEmail,
  contactNo: accounts.contactNo,
  address: accounts.address,
  city: accounts.city,
  state: accounts.stateCode,
  countryCode: accounts.countryCode,
  zip: accounts.zip,
  gstin: accounts.gstin,
  version: accounts.version,
  createdAt: accounts.createdAt,
  tenantCount: count(tenant.id),
};

type PartnerRow = {
  id: number;
  name: string;
  status: AccountStatus;
  contactEmail: string | null;
  contactNo: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  countryCode: string;
  zip: string | null;
  gstin: string | null;
  version: number;
  createdAt: Date;
  tenantCount: number;
};

function toPartnerSummary(r: PartnerRow): PartnerSummary {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    contactEmail: r.contactEmail,
    contactNo: r.contactNo,
    city: r.city,
    state: r.state,
    tenantCount: r.tenantCount,
    createdAt: r.createdAt.toISOString(),
  };
}

function toPartnerDetail(r: PartnerRow): PartnerDetail {
  return {
    ...toPartnerSummary(r),
    address: r.address,
    countryCode: r.countryCode,
    zip: r.zip,
    gstin: r.gstin,
    version: r.version,
  };
}

function selectPartners(exec: Executor, where: SQL | undefined) {
  return exec
    .select(partnerColumns)
    .from(accounts)
    .leftJoin(
      tenant,
      and(eq(tenant.partnerId, accounts.id), eq(tenant.type, 'tenant'), ne(tenant.status, 'DELETED')),
    )
    .where(and(eq(accounts.type, 'partner'), where))
    .groupBy(accounts.id);
}

export interface PartnerListFilter {
  status?: AccountStatus | undefined;
  search?: string | undefined;
}

/** The partners of the list (and of its CSV export) for a filter, besides `type = 'partner'`. */
export function partnerListCondition(scope: DataScope, filter: PartnerListFilter): SQL | undefined {
  const search = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    filter.status ? eq(accounts.status, filter.status) : ne(accounts.status, 'DELETED'),
    search
      ? or(ilike(accounts.name, search), ilike(accounts.contactEmail, search), ilike(accounts.city, search))
      : undefined,
    accountsWhere(scope),
  );
}

export async function findPartners(
  exec: Executor,
  scope: DataScope,
  filter: PartnerListFilter,
): Promise<PartnerSummary[]> {
  const rows = await selectPartners(exec, partnerListCondition(scope, filter)).orderBy(asc(accounts.name));
  return rows.map(toPartnerSummary);
}

/** A partner (not deleted) within the scope, or undefined. */
export async function findPartnerById(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<PartnerDetail | undefined> {
  const [row] = await selectPartners(
    exec,
    and(eq(accounts.id, id), ne(accounts.status, 'DELETED'), accountsWhere(scope)),
  );
  return row ? toPartnerDetail(row) : undefined;
}

function partnerValues(form: PartnerForm) {
  return {
    name: form.name,
    contactEmail: form.contactEmail,
    contactNo: form.contactNo,
    address: form.address,
    city: form.city,
    stateCode: form.stateCode,
    countryCode: form.countryCode,
    zip: form.zip,
    gstin: form.gstin,
  };
}

/**
 * Holds a partner name, whatever its case, until the transaction ends, so
 * that saves of one name (a create, a rename) run one at a time.
 */
export async function lockPartnerName(exec: Executor, name: string) {
  await exec.execute(sql`select pg_advisory_xact_lock(hashtext(${`partners.name:${name.toLowerCase()}`}))`);
}

/** Whether a partner other than `exceptId` that is not deleted has this name, whatever its case. */
export async function isPartnerNameTaken(
  exec: Executor,
  scope: DataScope,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await exec
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.type, 'partner'),
        eq(sql`lower(${accounts.name})`, name.toLowerCase()),
        ne(accounts.status, 'DELETED'),
        exceptId === undefined ? undefined : ne(accounts.id, exceptId),
        accountsWhere(scope),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertPartner(exec: Executor, form: PartnerForm): Promise<number> {
  const [row] = await exec
    .insert(accounts)
    .values({ ...partnerValues(form), type: 'partner', status: 'ENABLED', partnerId: null })
    .returning({ id: accounts.id });
  return row!.id;
}

/** Updates the partner (within the scope) only if it is still at `version`; false when someone else saved first. */
export async function updatePartner(
  exec: Executor,
  scope: DataScope,
  id: number,
  version: number,
  form: PartnerForm,
): Promise<boolean> {
  const rows = await exec
    .update(accounts)
    .set({ ...partnerValues(form), version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(accounts.id, id),
        eq(accounts.type, 'partner'),
        eq(accounts.version, version),
        accountsWhere(scope),
      ),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** The fields of a partner the form edits, as the audit trail records them. */
export function partnerAuditValue(p: PartnerDetail | PartnerForm) {
  return {
    name: p.name,
    contactEmail: p.contactEmail,
    contactNo: p.contactNo,
    address: p.address,
    city: p.city,
    stateCode: 'stateCode' in p ? p.stateCode : p.state,
    countryCode: p.countryCode,
    zip: p.zip,
    gstin: p.gstin,
  };
}

/** What a partner request or a partner change needs to know about an account. */
export interface AccountForMigration {
  id: number;
  name: string;
  type: string;
  status: string;
  partnerId: number | null;
  planCode: string | null;
}

/** An account (not deleted) within the scope; `lock` holds the row until the transaction ends. */
export async function findAccountForMigration(
  exec: Executor,
  scope: DataScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AccountForMigration | undefined> {
  const query = exec
    .select({
      id: accounts.id,
      name: accounts.name,
      type: accounts.type,
      status: accounts.status,
      partnerId: accounts.partnerId,
      planCode: accounts.planCode,
    })
    .from(accounts)
    .where(and(eq(accounts.id, id), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The users of an account within the scope, in every status (a disabled user still holds a place). */
export async function countAccountUsers(
  exec: Executor,
  scope: DataScope,
  accountId: number,
): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), accountRowsWhere(scope, users.accountId)));
  return row?.n ?? 0;
}

export async function insertPartnerRequest(
  exec: Executor,
  values: { tenantId: number; partnerId: number | null; requestedBy: number },
) {
  const [row] = await exec
    .insert(partnerRequests)
    .values({ ...values, status: 'REQUESTED' })
    .returning({
      id: partnerRequests.id,
      tenantId: partnerRequests.tenantId,
      partnerId: partnerRequests.partnerId,
      status: partnerRequests.status,
    });
  return row!;
}

/** Moves a tenant (within the scope) to another partner (null: none) and starts its partnership today. */
export async function updateTenantPartner(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  partnerId: number | null,
) {
  await exec
    .update(accounts)
    .set({
      partnerId,
      partnerSince: new Date(),
      version: sql`${accounts.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(accounts.id, tenantId), accountsWhere(scope)));
}
