import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

export const homeKeys = {
  all: ['home'] as const,
  summary: () => [...homeKeys.all, 'summary'] as const,
};

/** Counts the server has already limited to what the user may see. */
export const homeSummaryQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.summary(),
    queryFn: ({ signal }) => callEndpoint(homeEndpoints.getHomeSummary, { signal }),
  });

export function useHomeSummary() {
  return useQuery(homeSummaryQueryOptions());
}
