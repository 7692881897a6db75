import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsEndpoints, type AlertPreferencesBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { alertsKeys } from './alerts-keys';

/** The signed-in user's alert notifications: each alert type on each channel (`GET /api/alerts/preferences`). */
export function useAlertPreferences() {
  return useQuery({
    queryKey: alertsKeys.preferences(),
    queryFn: ({ signal }) => callEndpoint(alertsEndpoints.getAlertPreferences, { signal }),
  });
}

/**
 * Switches alert notifications on or off (`PUT /api/alerts/preferences`). A
 * switch saves as it is flipped, so the save does not cover the page with the
 * loading overlay; the switch shows it is saving instead.
 */
export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertPreferencesBody) => callEndpoint(alertsEndpoints.saveAlertPreferences, { body }),
    meta: { blocking: false },
    onSuccess: (saved) => queryClient.setQueryData(alertsKeys.preferences(), saved),
  });
}
