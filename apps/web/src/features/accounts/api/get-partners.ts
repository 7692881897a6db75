import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { partnersEndpoints, type EndpointQuery } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

/** The partner list's query, as `GET /api/partners` defines it. */
export type PartnerListQuery = EndpointQuery<typeof partnersEndpoints.listPartners>;

export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (query: PartnerListQuery) => [...partnerKeys.lists(), query] as const,
  details: () => [...partnerKeys.all, 'detail'] as const,
  detail: (id: number) => [...partnerKeys.details(), id] as const,
};

/** Partners by status and a search in name, e-mail or city (site users only). */
export const partnersQueryOptions = (query: PartnerListQuery) =>
  queryOptions({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(partnersEndpoints.listPartners, { query, signal }),
  });

export function usePartners(query: PartnerListQuery) {
  return useQuery({ ...partnersQueryOptions(query), placeholderData: keepPreviousData });
}
