import { type ActivityLogQuery, type ActivityLogRow, AUDIT_PAGE_SIZE, type Page } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { resolveAuditWindow } from '../audit/audit-query.service.js';
import { findActivityPage } from './logs.repository.js';

export function createLogsService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  return {
    /**
     * `/logs`: who signed in and what they changed, per tenant and user, in a
     * date range (default the last 7 days), scoped like the audit list.
     */
    async listActivity(ctx: RequestContext, query: ActivityLogQuery): Promise<Page<ActivityLogRow>> {
      const window = resolveAuditWindow(query, now());
      return findActivityPage(db, {
        // The activity of the tenants the principal can see (all of them for site users).
        scope: scopeOf(ctx.principal),
        window,
        tenantId: query.tenantId,
        userId: query.userId,
        page: query.pageNum,
        pageSize: AUDIT_PAGE_SIZE,
      });
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
