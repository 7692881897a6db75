import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsEndpoints, type AlertLimit, type EndpointBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { alertsKeys } from './alerts-keys';

export type AlertLimitBody = EndpointBody<typeof alertsEndpoints.saveAlertLimit>;

/** An industry's limit of each parameter at each monitoring point (`GET /api/alerts/limits`). */
export function useAlertLimits(tenantId: number | undefined) {
  return useQuery({
    queryKey: alertsKeys.limits(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(alertsEndpoints.listAlertLimits, { query: { tenantId: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
  });
}

const isSameLimit = (a: AlertLimit, b: AlertLimit) =>
  a.monitoringPointId === b.monitoringPointId && a.parameterId === b.parameterId;

/** Saves an industry's own limit and its alert switch, from the version the form started from. */
export function useSaveAlertLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertLimitBody) => callEndpoint(alertsEndpoints.saveAlertLimit, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<AlertLimit[]>(alertsKeys.limits(saved.tenantId), (limits) =>
        limits?.map((limit) => (isSameLimit(limit, saved) ? saved : limit)),
      );
      void queryClient.invalidateQueries({ queryKey: alertsKeys.limits(saved.tenantId) });
    },
  });
}
