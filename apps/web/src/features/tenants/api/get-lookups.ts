import { queryOptions, useQuery } from '@tanstack/react-query';
import { corporatesEndpoints, industriesEndpoints, partnersEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

const LOOKUP_STALE_MS = 5 * 60 * 1000;

/** The enabled partners an industry can belong to (site users). */
export const partnerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantKeys.partnerOptions(),
    queryFn: ({ signal }) =>
      callEndpoint(partnersEndpoints.listPartners, { query: { status: 'ENABLED' }, signal }),
    staleTime: LOOKUP_STALE_MS,
  });

export function usePartnerOptions(enabled = true) {
  return useQuery({ ...partnerOptionsQueryOptions(), enabled });
}

/** Industry categories; deleted ones are not offered. */
export const industryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantKeys.industryOptions(),
    queryFn: async ({ signal }) => {
      const categories = await callEndpoint(industriesEndpoints.listIndustryCategories, { signal });
      return categories.filter((category) => category.status === 'ENABLED');
    },
    staleTime: LOOKUP_STALE_MS,
  });

export function useIndustryOptions(enabled = true) {
  return useQuery({ ...industryOptionsQueryOptions(), enabled });
}

/** Corporates an industry may belong to (site users). */
export const corporateOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantKeys.corporateOptions(),
    queryFn: ({ signal }) => callEndpoint(corporatesEndpoints.listCorporates, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });

export function useCorporateOptions(enabled = true) {
  return useQuery({ ...corporateOptionsQueryOptions(), enabled });
}
