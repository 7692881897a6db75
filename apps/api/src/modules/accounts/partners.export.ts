import { and, eq, sql } from 'drizzle-orm';
import { findIndianState, type PartnerExportQuery } from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import {
  type CsvExport,
  type ExportBatch,
  formatIstDateTime,
  formatPhone,
  humanize,
} from '../../lib/csv-export.js';
import { partnerListCondition, type PartnerListFilter } from './partners.repository.js';

/** The list's order: name, then id. */
const KEYS = [
  { expression: accounts.name, direction: 'asc', type: 'text' },
  { expression: accounts.id, direction: 'asc', type: 'integer' },
] as const;

function selectBatch(exec: Executor, filter: PartnerListFilter, ctx: RequestContext) {
  const where = partnerListCondition(scopeOf(ctx.principal), filter);
  return (batch: ExportBatch) =>
    exec
      .select({
        id: accounts.id,
        name: accounts.name,
        status: accounts.status,
        contactEmail: accounts.contactEmail,
        contactNo: accounts.contactNo,
        city: accounts.city,
        stateCode: accounts.stateCode,
        gstin: accounts.gstin,
        // The partner's industries, as the list counts them. Table names written out: a select from
        // one table leaves its column names bare.
        tenantCount: sql<number>`(select count(*)::int from accounts t
          where t.partner_id = "accounts"."id" and t.type = 'tenant' and t.status <> 'DELETED')`,
        createdAt: accounts.createdAt,
        ...batch.cursor,
      })
      .from(accounts)
      .where(and(eq(accounts.type, 'partner'), where, batch.after))
      .orderBy(...batch.orderBy)
      .limit(batch.limit);
}

type PartnerExportRow = Awaited<ReturnType<ReturnType<typeof selectBatch>>>[number];

/** `GET /api/partners/export`: the partner list's rows for the same filters and scope. */
export function partnersExport(
  exec: Executor,
  ctx: RequestContext,
  query: PartnerExportQuery,
): CsvExport<PartnerExportRow> {
  return {
    name: 'partners',
    keys: KEYS,
    readBatch: selectBatch(exec, { status: query.status, search: query.search || undefined }, ctx),
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'Name', value: (r) => r.name },
      { header: 'Status', value: (r) => humanize(r.status) },
      { header: 'Contact e-mail', value: (r) => r.contactEmail },
      { header: 'Contact number', value: (r) => formatPhone(r.contactNo) },
      { header: 'City', value: (r) => r.city },
      {
        header: 'State',
        value: (r) => (r.stateCode ? (findIndianState(r.stateCode)?.name ?? r.stateCode) : null),
      },
      { header: 'GSTIN', value: (r) => r.gstin },
      { header: 'Industries', value: (r) => Number(r.tenantCount) },
      { header: 'Created (IST)', value: (r) => formatIstDateTime(r.createdAt) },
    ],
  };
}
