import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALERT_EVALUATION_MS, alertsEndpoints, tenantsEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { alertsKeys, type AlertListQuery } from './alerts-keys';

export type AlertPage = EndpointResponse<typeof alertsEndpoints.listAlarms>;

/**
 * A page of alerts, asked again each minute while shown (the server judges
 * alerts once a minute): one industry's (`GET /api/alerts/{id}`), or those of
 * every industry the user sees (`GET /api/alarm`).
 */
export function useAlerts(tenantId: number | undefined, query: AlertListQuery) {
  return useQuery({
    queryKey: alertsKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      tenantId === undefined
        ? callEndpoint(alertsEndpoints.listAlarms, { query, signal })
        : callEndpoint(alertsEndpoints.listAlerts, { params: { id: tenantId }, query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ALERT_EVALUATION_MS,
  });
}

/** An industry's open alerts and those of the last 24 hours, by type, asked again each minute. */
export function useAlertCount(tenantId: number | undefined) {
  return useQuery({
    queryKey: alertsKeys.count(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(alertsEndpoints.countAlerts, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    refetchInterval: ALERT_EVALUATION_MS,
  });
}

/** The name of the industry chosen in the URL, for its filter before any search has run. */
export function useIndustryName(tenantId: number | undefined) {
  return useQuery({
    queryKey: alertsKeys.industryName(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.getTenant, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    select: (tenant) => tenant.name,
  });
}
