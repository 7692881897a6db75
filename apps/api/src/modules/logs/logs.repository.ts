import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ActivityLogRow, Page } from '@vayu/domain';
import type { DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import { accounts, auditLogs } from '../../db/schema/index.js';
import { auditRowsWhere, inWindow, type TimeWindow } from '../audit/audit.repository.js';

export interface ActivityPageRequest {
  /** Whose activity: that in the tenants in scope. */
  scope: DataScope;
  window: TimeWindow;
  tenantId?: number | undefined;
  userId?: number | undefined;
  page: number;
  pageSize: number;
}

/**
 * Activity is the part of the trail that people did: sign-ins (and failed
 * attempts) and the changes they made. Rows without an acting user are left out.
 */
export function findActivityPage(
  exec: Executor,
  request: ActivityPageRequest,
): Promise<Page<ActivityLogRow>> {
  const where = and(
    auditRowsWhere(request.scope),
    inWindow(request.window),
    isNotNull(auditLogs.actorUserId),
    request.tenantId === undefined ? undefined : eq(auditLogs.tenantId, request.tenantId),
    request.userId === undefined ? undefined : eq(auditLogs.actorUserId, request.userId),
  );
  const order = [desc(auditLogs.createdAt), desc(auditLogs.id)];
  return readPage(exec, request, {
    // The page's ids first, on audit_logs alone; only those rows are joined to their tenant.
    rows: async (limit, offset) => {
      const ids = exec
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .as('page_ids');
      const rows = await exec
        .select({
          id: auditLogs.id,
          createdAt: auditLogs.createdAt,
          userId: auditLogs.actorUserId,
          userName: auditLogs.actorUserName,
          tenantId: auditLogs.tenantId,
          tenantName: accounts.name,
          action: auditLogs.action,
          entity: auditLogs.entity,
          entityId: auditLogs.entityId,
          ip: auditLogs.ip,
        })
        .from(ids)
        .innerJoin(auditLogs, eq(auditLogs.id, ids.id))
        .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
        .orderBy(...order);
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        userId: r.userId,
        userName: r.userName,
        tenantId: r.tenantId,
        tenantName: r.tenantName,
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        ip: r.ip,
      }));
    },
    matches: () => exec.select({ id: auditLogs.id }).from(auditLogs).where(where).$dynamic(),
    countKey: ['activity', request.scope, request.window, request.tenantId, request.userId],
  });
}
