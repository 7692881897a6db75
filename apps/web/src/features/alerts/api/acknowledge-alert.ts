import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsEndpoints, type Alert } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import type { AlertPage } from './get-alerts';
import { alertsKeys } from './alerts-keys';

/**
 * Acknowledges an alert (who and when are recorded, once). The row shows the
 * answer at once in every list page holding it; the lists are then asked again.
 */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(alertsEndpoints.acknowledgeAlert, { params: { id } }),
    onSuccess: (alert: Alert) => {
      queryClient.setQueriesData<AlertPage>({ queryKey: alertsKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === alert.id ? alert : item)) } : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.lists() }),
  });
}
