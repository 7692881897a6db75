import { useQuery } from '@tanstack/react-query';
import {
  PUBLIC_DASHBOARD_REFRESH_MS,
  publicDashboardsEndpoints,
  type PublicDashboardView,
} from '@vayu/domain';
import { apiRequest, isApiError } from '../../../app/api-client';
import { publicDashboardKeys } from './public-dashboard-keys';

const endpoint = publicDashboardsEndpoints.getPublicDashboardView;

/**
 * A public dashboard, as the page at `/public/dashboard/{view}/{publicId}`
 * shows it. The page calls `/api/publicDashboard`; on a public dashboard
 * page the API client sends that to `/public/api/publicDashboard` with the
 * link's id as `publicTenantId` (spec §7). Asked again every minute; a link
 * that is not (or no longer) available stops asking.
 */
export function usePublicDashboardView(publicId: string) {
  return useQuery({
    queryKey: publicDashboardKeys.view(publicId),
    queryFn: ({ signal }) =>
      apiRequest<PublicDashboardView>(endpoint.path.slice('/public/api'.length), {
        schema: endpoint.response,
        signal,
      }),
    refetchInterval: (query) =>
      isApiError(query.state.error) && query.state.error.status === 404 ? false : PUBLIC_DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });
}
