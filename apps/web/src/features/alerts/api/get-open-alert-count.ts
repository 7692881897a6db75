import { useQuery } from '@tanstack/react-query';
import { ALERT_EVALUATION_MS, alertsEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { alertsKeys } from './alerts-keys';

/**
 * How many open alerts the user sees, for the header's button: the total of
 * the first page of `GET /api/alarm?open=true`, asked again each minute.
 */
export function useOpenAlertCount() {
  return useQuery({
    queryKey: alertsKeys.openCount(),
    queryFn: ({ signal }) => callEndpoint(alertsEndpoints.listAlarms, { query: { open: true }, signal }),
    refetchInterval: ALERT_EVALUATION_MS,
    select: (page) => ({ total: page.total, totalKind: page.totalKind }),
  });
}
