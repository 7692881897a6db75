import type { alertsEndpoints, EndpointQuery } from '@vayu/domain';

export type AlertListQuery = EndpointQuery<typeof alertsEndpoints.listAlarms>;

/**
 * Query keys of alerts. Acknowledging an alert or saving a limit changes what
 * several parts show (the list, the counts, the header's button), so writes
 * refresh through `all`.
 */
export const alertsKeys = {
  all: ['alerts'] as const,
  lists: () => [...alertsKeys.all, 'list'] as const,
  /** `tenantId` undefined: every industry the user sees (`/api/alarm`). */
  list: (tenantId: number | undefined, query: AlertListQuery) =>
    [...alertsKeys.lists(), tenantId ?? 'all', query] as const,
  count: (tenantId: number) => [...alertsKeys.all, 'count', tenantId] as const,
  openCount: () => [...alertsKeys.all, 'open-count'] as const,
  limits: (tenantId: number) => [...alertsKeys.all, 'limits', tenantId] as const,
  preferences: () => [...alertsKeys.all, 'preferences'] as const,
  industryName: (tenantId: number) => [...alertsKeys.all, 'industry-name', tenantId] as const,
};
