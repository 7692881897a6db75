import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { findIndianState, getDataFreshness, type TenantExportQuery } from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, industryCategories, tenantPermissions } from '../../db/schema/index.js';
import {
  type CsvExport,
  type ExportBatch,
  formatIstDateTime,
  humanize,
  inOrderOf,
  isAnyOf,
} from '../../lib/csv-export.js';
import { tenantPageCondition, type TenantPageFilter } from './tenants.repository.js';

const partner = alias(accounts, 'partner');

/** The list's order: lower(name), then id (the (type, lower(name), id) index). */
const KEYS = [
  { expression: sql`lower(${accounts.name})`, direction: 'asc', type: 'text' },
  { expression: accounts.id, direction: 'asc', type: 'integer' },
] as const;

/**
 * One batch in two steps: the batch's ids from `accounts` alone (a range of
 * the (type, lower(name), id) index from the cursor), then only those rows,
 * by id, joined to their partner, category and permissions and given their
 * newest reading time. In one statement the planner would join a thousand
 * ids by scanning every account.
 */
function selectBatch(exec: Executor, filter: TenantPageFilter) {
  return async (batch: ExportBatch) => {
    const ids = await exec
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(tenantPageCondition(filter), batch.after))
      .orderBy(...batch.orderBy)
      .limit(batch.limit);
    if (ids.length === 0) return [];
    const rows = await exec
      .select({
        id: accounts.id,
        name: accounts.name,
        type: accounts.type,
        status: accounts.status,
        workingStatus: accounts.workingStatus,
        partnerName: partner.name,
        industryName: industryCategories.name,
        city: accounts.city,
        stateCode: accounts.stateCode,
        contactEmail: accounts.contactEmail,
        planCode: accounts.planCode,
        isRemotePerformanceCheck: accounts.isRemotePerformanceCheck,
        isBlocked: sql<boolean>`exists (select 1 from ${tenantPermissions} where ${tenantPermissions.tenantId} = ${accounts.id} and ${tenantPermissions.isActive})`,
        isDemo: accounts.isDemo,
        createdAt: accounts.createdAt,
        // An industry's newest reading time, of its devices not deleted, as the list reads it: a lookup
        // by the industry's key, each device checked by its own.
        lastDataMs: sql<number | null>`(SELECT (extract(epoch FROM max(l.last_ts)) * 1000)::float8
            FROM device_last_data l
           WHERE l.tenant_id = ${accounts.id}
             AND EXISTS (SELECT 1 FROM devices d WHERE d.id = l.device_id AND d.status <> 'DELETED'))`,
        ...batch.cursor,
      })
      .from(accounts)
      .leftJoin(partner, eq(partner.id, accounts.partnerId))
      .leftJoin(industryCategories, eq(industryCategories.id, accounts.industryCategoryId))
      .where(isAnyOf(accounts.id, ids));
    return inOrderOf(ids, rows);
  };
}

type TenantExportRow = Awaited<ReturnType<ReturnType<typeof selectBatch>>>[number];

/** `GET /api/tenants/export`: the tenant list's rows for the same filters and scope. */
export function tenantsExport(
  exec: Executor,
  ctx: RequestContext,
  query: TenantExportQuery,
): CsvExport<TenantExportRow> {
  const filter: TenantPageFilter = {
    scope: scopeOf(ctx.principal),
    type: query.type,
    status: query.status,
    search: query.search || undefined,
    partnerId: query.partnerId,
    isDemo: query.isDemo,
    remoteCalibration: query.remoteCalibration,
  };
  const now = Date.now();
  const lastData = (row: TenantExportRow) =>
    row.lastDataMs === null ? null : new Date(Math.round(Number(row.lastDataMs)));
  return {
    name: query.type === 'tenant' ? 'tenants' : `${query.type}-accounts`,
    keys: KEYS,
    readBatch: selectBatch(exec, filter),
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'Name', value: (r) => r.name },
      { header: 'Account type', value: (r) => humanize(r.type) },
      { header: 'Status', value: (r) => humanize(r.status) },
      { header: 'Working status', value: (r) => humanize(r.workingStatus) },
      { header: 'Industry category', value: (r) => r.industryName },
      { header: 'Partner', value: (r) => r.partnerName },
      { header: 'City', value: (r) => r.city },
      {
        header: 'State',
        value: (r) => (r.stateCode ? (findIndianState(r.stateCode)?.name ?? r.stateCode) : null),
      },
      { header: 'Contact e-mail', value: (r) => r.contactEmail },
      { header: 'Plan', value: (r) => r.planCode },
      { header: 'Remote calibration', value: (r) => r.isRemotePerformanceCheck },
      { header: 'Blocked', value: (r) => r.isBlocked },
      { header: 'Demo', value: (r) => r.isDemo },
      {
        header: 'Data status',
        value: (r) => (r.type === 'tenant' ? humanize(getDataFreshness(lastData(r), now)) : null),
      },
      {
        header: 'Last data (IST)',
        value: (r) => (r.type === 'tenant' ? formatIstDateTime(lastData(r)) : null),
      },
      { header: 'Created (IST)', value: (r) => formatIstDateTime(r.createdAt) },
    ],
  };
}
