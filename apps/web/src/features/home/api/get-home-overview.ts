import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

export const homeKeys = {
  all: ['home'] as const,
  overview: () => [...homeKeys.all, 'overview'] as const,
};

/** The home screen's numbers move with the data: asked again each minute while the screen is shown. */
const REFRESH_MS = 60_000;

/** What the home screen shows, worked out by the server for the user's view and scope. */
export const homeOverviewQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.overview(),
    queryFn: ({ signal }) => callEndpoint(homeEndpoints.getHomeOverview, { signal }),
  });

export function useHomeOverview() {
  return useQuery({ ...homeOverviewQueryOptions(), refetchInterval: REFRESH_MS });
}
