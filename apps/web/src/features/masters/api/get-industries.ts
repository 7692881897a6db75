import { queryOptions, useQuery } from '@tanstack/react-query';
import { industriesEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { masterKeys } from './master-keys';

/** The industry category master; deleted categories only when asked for. */
export const industriesQueryOptions = (includeDeleted = false) =>
  queryOptions({
    queryKey: masterKeys.industryList(includeDeleted),
    queryFn: ({ signal }) =>
      callEndpoint(industriesEndpoints.listIndustryCategories, {
        query: includeDeleted ? { includeDeleted } : {},
        signal,
      }),
  });

export function useIndustries(includeDeleted = false) {
  return useQuery(industriesQueryOptions(includeDeleted));
}
