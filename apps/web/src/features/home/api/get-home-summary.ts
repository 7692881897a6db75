import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeSummarySchema, type HomeSummary } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';

export const homeKeys = {
  all: ['home'] as const,
  summary: () => [...homeKeys.all, 'summary'] as const,
};

/** `GET /api/home/summary`: counts the server has already limited to what the user may see. */
export function getHomeSummary(signal?: AbortSignal): Promise<HomeSummary> {
  return apiClient.get('/home/summary', { schema: homeSummarySchema, signal });
}

export const homeSummaryQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.summary(),
    queryFn: ({ signal }) => getHomeSummary(signal),
  });

export function useHomeSummary() {
  return useQuery(homeSummaryQueryOptions());
}
