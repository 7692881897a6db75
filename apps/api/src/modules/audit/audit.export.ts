import { and, eq, sql } from 'drizzle-orm';
import type { AuditLogExportQuery } from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, auditLogs } from '../../db/schema/index.js';
import {
  type CsvExport,
  type ExportBatch,
  formatIstDateTime,
  humanize,
  type SortKey,
} from '../../lib/csv-export.js';
import { resolveAuditWindow } from './audit-query.service.js';
import { auditLogList, SORT_COLUMNS } from './audit.repository.js';

/** The trail's sort columns as export keys: the user and the industry may be empty. */
const SORT_KEYS: Record<AuditLogExportQuery['sort'], Omit<SortKey, 'direction'>> = {
  createdAt: { expression: SORT_COLUMNS.createdAt, type: 'timestamptz' },
  entity: { expression: SORT_COLUMNS.entity, type: 'text' },
  action: { expression: SORT_COLUMNS.action, type: 'text' },
  actorUserName: { expression: SORT_COLUMNS.actorUserName, type: 'text', nullable: true },
  tenantName: { expression: SORT_COLUMNS.tenantName, type: 'text', nullable: true },
};

function selectBatch(exec: Executor, where: ReturnType<typeof auditLogList>['where']) {
  return (batch: ExportBatch) =>
    exec
      .select({
        id: sql<string>`${auditLogs.id}::text`,
        createdAt: auditLogs.createdAt,
        actorUserName: auditLogs.actorUserName,
        tenantName: accounts.name,
        entity: auditLogs.entity,
        entityId: auditLogs.entityId,
        action: auditLogs.action,
        ip: auditLogs.ip,
        ...batch.cursor,
      })
      .from(auditLogs)
      .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
      .where(and(where, batch.after))
      .orderBy(...batch.orderBy)
      .limit(batch.limit);
}

type AuditExportRow = Awaited<ReturnType<ReturnType<typeof selectBatch>>>[number];

/**
 * `GET /api/auditLogs/export`: the trail's rows for the same date range
 * (calendar days in India, default the last 7; 400 for a wrong range),
 * filters, order and scope as the list.
 */
export function auditLogsExport(
  exec: Executor,
  ctx: RequestContext,
  query: AuditLogExportQuery,
  now = new Date(),
): CsvExport<AuditExportRow> {
  const window = resolveAuditWindow(query, now);
  const list = auditLogList({
    scope: scopeOf(ctx.principal),
    window,
    tenantId: query.tenantId,
    entity: query.entity,
    action: query.action,
    sort: query.sort,
    order: query.order,
  });
  return {
    name: 'audit-log',
    keys: [
      { ...SORT_KEYS[query.sort], direction: query.order },
      { expression: auditLogs.id, type: 'bigint', direction: query.order },
    ],
    readBatch: selectBatch(exec, list.where),
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'Time (IST)', value: (r) => formatIstDateTime(r.createdAt) },
      { header: 'Record', value: (r) => humanize(r.entity) },
      { header: 'Record ID', value: (r) => r.entityId },
      { header: 'Action', value: (r) => humanize(r.action) },
      { header: 'User', value: (r) => r.actorUserName },
      { header: 'Industry', value: (r) => r.tenantName },
      { header: 'IP address', value: (r) => r.ip },
    ],
  };
}
