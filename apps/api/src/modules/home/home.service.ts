import {
  BILLING_READERS,
  daysBetween,
  effectiveStatus,
  homeViewOf,
  isAccessAllowed,
  showsExpiringSubscriptions,
  todayInIndia,
  type HomeOverview,
  type HomePlan,
  type HomeSummary,
} from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import type { Principal, RequestContext } from '../../auth/principal.js';
import { scopeOf, type DataScope } from '../../auth/scope.js';
import { findCurrentSubscription } from '../billing/subscriptions.repository.js';
import {
  countHomeSummary,
  countIndustriesByFreshness,
  countPointsByFreshness,
  findBoardOf,
  findExpiringSubscriptions,
  industriesInView,
  summarizeAlerts,
  summarizeDelivery,
} from './home.repository.js';

/** Names the industries a principal's overview counts: the same key, the same industries. */
function viewKeyOf(p: Principal, scope: DataScope): string {
  if (scope.kind === 'all') return 'all';
  return [p.userType, p.accountId, p.corporateId ?? '', p.actingTenantId ?? ''].join(':');
}

/** An industry's current subscription as the home screen shows it (nulls when it has none). */
async function findPlan(exec: Executor, tenantId: number, today: string): Promise<HomePlan> {
  const current = await findCurrentSubscription(exec, tenantId);
  if (!current) {
    return {
      tenantId,
      planCode: null,
      planName: null,
      status: null,
      periodEnd: null,
      daysLeft: null,
      cancelAtPeriodEnd: false,
    };
  }
  return {
    tenantId,
    planCode: current.planCode,
    planName: current.planName,
    status: effectiveStatus(current.status, current.periodEnd, today, current.cancelAtPeriodEnd),
    periodEnd: current.periodEnd,
    daysLeft: current.periodEnd === null ? null : daysBetween(today, current.periodEnd),
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
  };
}

export function createHomeService({ db, clock = () => new Date() }: { db: Database; clock?: () => Date }) {
  return {
    /** Counts for `/home`, limited to what the principal may see. */
    getSummary(ctx: RequestContext): Promise<HomeSummary> {
      return countHomeSummary(db, scopeOf(ctx.principal));
    },

    /**
     * What `/home` shows first, for the principal's view (`homeViewOf`) and
     * within its scope. Reads only; every number is counted in SQL.
     */
    async getOverview(ctx: RequestContext): Promise<HomeOverview> {
      const { principal } = ctx;
      const scope = scopeOf(principal);
      const view = homeViewOf(principal.userType, principal.actingTenantId);
      const now = clock();
      const today = todayInIndia(now);
      const industries = industriesInView(scope);
      const boardAccountId = view === 'board' ? principal.accountId : null;
      const ownIndustry = principal.actingTenantId ?? principal.accountId;

      const [accounts, industryCounts, monitoringPoints, alerts, delivery, statId, subscriptions, plan] =
        await Promise.all([
          countHomeSummary(db, scope),
          view === 'industry' ? null : countIndustriesByFreshness(db, industries, now),
          countPointsByFreshness(db, industries, now),
          summarizeAlerts(db, industries, now),
          summarizeDelivery(db, industries, boardAccountId, now, viewKeyOf(principal, scope)),
          boardAccountId === null ? null : findBoardOf(db, boardAccountId),
          showsExpiringSubscriptions(view) ? findExpiringSubscriptions(db, industries, today) : null,
          view === 'industry' && isAccessAllowed(BILLING_READERS, principal)
            ? findPlan(db, ownIndustry, today)
            : null,
        ]);

      return {
        view,
        generatedAt: now.toISOString(),
        accounts,
        industries: industryCounts,
        monitoringPoints,
        alerts,
        delivery: { ...delivery, statId },
        subscriptions,
        plan,
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
