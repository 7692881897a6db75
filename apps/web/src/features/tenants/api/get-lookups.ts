import { queryOptions, useQuery } from '@tanstack/react-query';
import { corporateSchema, industryCategorySchema, partnerSummarySchema } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

const LOOKUP_STALE_MS = 5 * 60 * 1000;

/** `GET /api/partners?status=ENABLED`: the partners an industry can belong to (site users). */
export const partnerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantKeys.partnerOptions(),
    queryFn: ({ signal }) =>
      apiClient.get('/partners', {
        query: { status: 'ENABLED' },
        schema: z.array(partnerSummarySchema),
        signal,
      }),
    staleTime: LOOKUP_STALE_MS,
  });

export function usePartnerOptions(enabled = true) {
  return useQuery({ ...partnerOptionsQueryOptions(), enabled });
}

/** `GET /api/industries`: industry categories; deleted ones are not offered. */
export const industryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantKeys.industryOptions(),
    queryFn: async ({ signal }) => {
      const categories = await apiClient.get('/industries', {
        schema: z.array(industryCategorySchema),
        signal,
      });
      return categories.filter((category) => category.status === 'ENABLED');
    },
    staleTime: LOOKUP_STALE_MS,
  });

export function useIndustryOptions(enabled = true) {
  return useQuery({ ...industryOptionsQueryOptions(), enabled });
}

/** `GET /api/corporates` (site users). */
export const corporateOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantKeys.corporateOptions(),
    queryFn: ({ signal }) => apiClient.get('/corporates', { schema: z.array(corporateSchema), signal }),
    staleTime: LOOKUP_STALE_MS,
  });

export function useCorporateOptions(enabled = true) {
  return useQuery({ ...corporateOptionsQueryOptions(), enabled });
}
