import { queryOptions, useQuery } from '@tanstack/react-query';
import { industryCategorySchema, type IndustryCategory } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { masterKeys } from './master-keys';

const industryListSchema = z.array(industryCategorySchema);

/** `GET /api/industries?includeDeleted=`: the industry category master. */
export function getIndustries(includeDeleted: boolean, signal?: AbortSignal): Promise<IndustryCategory[]> {
  return apiClient.get('/industries', {
    query: { includeDeleted: includeDeleted ? 'true' : undefined },
    schema: industryListSchema,
    signal,
  });
}

export const industriesQueryOptions = (includeDeleted = false) =>
  queryOptions({
    queryKey: masterKeys.industryList(includeDeleted),
    queryFn: ({ signal }) => getIndustries(includeDeleted, signal),
  });

export function useIndustries(includeDeleted = false) {
  return useQuery(industriesQueryOptions(includeDeleted));
}
