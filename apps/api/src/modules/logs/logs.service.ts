import {
  type ActivityLogQuery,
  type ActivityLogRow,
  AUDIT_PAGE_SIZE,
  getPageOffset,
  type Page,
} from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { resolveAuditWindow, toPage } from '../audit/audit-query.service.js';
import { findActivityPage } from './logs.repository.js';

export function createLogsService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  return {
    /**
     * `/logs`: who signed in and what they changed, per tenant and user, in a
     * date range (default the last 7 days), scoped like the audit list.
     */
    async listActivity(ctx: RequestContext, query: ActivityLogQuery): Promise<Page<ActivityLogRow>> {
      const window = resolveAuditWindow(query, now());
      const { items, total } = await findActivityPage(db, {
        // The activity of the tenants the principal can see (all of them for site users).
        scope: scopeOf(ctx.principal),
        window,
        tenantId: query.tenantId,
        userId: query.userId,
        limit: AUDIT_PAGE_SIZE,
        offset: getPageOffset(query.pageNum, AUDIT_PAGE_SIZE),
      });
      return toPage(items, total, query.pageNum, AUDIT_PAGE_SIZE);
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
