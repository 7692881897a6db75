import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { ActivityLogRow } from '@vayu/domain';
import type { DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, auditLogs } from '../../db/schema/index.js';
import { auditRowsWhere, inWindow, type TimeWindow } from '../audit/audit.repository.js';

export interface ActivityPageRequest {
  /** Whose activity: that in the tenants in scope. */
  scope: DataScope;
  window: TimeWindow;
  tenantId?: number | undefined;
  userId?: number | undefined;
  limit: number;
  offset: number;
}

/**
 * Activity is the part of the trail that people did: sign-ins (and failed
 * attempts) and the changes they made. Rows without an acting user are left out.
 */
export async function findActivityPage(
  exec: Executor,
  request: ActivityPageRequest,
): Promise<{ items: ActivityLogRow[]; total: number }> {
  const where = and(
    auditRowsWhere(request.scope),
    inWindow(request.window),
    isNotNull(auditLogs.actorUserId),
    request.tenantId === undefined ? undefined : eq(auditLogs.tenantId, request.tenantId),
    request.userId === undefined ? undefined : eq(auditLogs.actorUserId, request.userId),
  );
  const [counted] = await exec.select({ total: count() }).from(auditLogs).where(where);
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
    .from(auditLogs)
    .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(request.limit)
    .offset(request.offset);
  return {
    items: rows.map((r) => ({
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
    })),
    total: counted?.total ?? 0,
  };
}
