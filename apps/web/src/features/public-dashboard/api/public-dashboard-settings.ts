import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicDashboardsEndpoints, type EndpointBody, type PublicDashboardSettings } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { publicDashboardKeys } from './public-dashboard-keys';

export type PublicDashboardSaveBody = EndpointBody<typeof publicDashboardsEndpoints.savePublicDashboard>;

/** An industry's public dashboard and what it may show (`GET /api/publicDashboard`). */
export function usePublicDashboardSettings(tenantId: number | undefined) {
  return useQuery({
    queryKey: publicDashboardKeys.settings(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(publicDashboardsEndpoints.getPublicDashboardSettings, {
        query: { tenantId: tenantId ?? 0 },
        signal,
      }),
    enabled: tenantId !== undefined,
  });
}

function useStoreSettings() {
  const queryClient = useQueryClient();
  return (settings: PublicDashboardSettings) => {
    queryClient.setQueryData(publicDashboardKeys.settings(settings.tenantId), settings);
    void queryClient.invalidateQueries({ queryKey: publicDashboardKeys.settings(settings.tenantId) });
  };
}

/** Opts in (a new link) or changes what the live dashboard shows (`PUT /api/publicDashboard`). */
export function useSavePublicDashboard() {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (body: PublicDashboardSaveBody) =>
      callEndpoint(publicDashboardsEndpoints.savePublicDashboard, { body }),
    onSuccess: store,
  });
}

/** Revokes the link (`DELETE /api/publicDashboard`): it answers 404 from then on. */
export function useRevokePublicDashboard() {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (tenantId: number) =>
      callEndpoint(publicDashboardsEndpoints.revokePublicDashboard, { query: { tenantId } }),
    onSuccess: store,
  });
}
