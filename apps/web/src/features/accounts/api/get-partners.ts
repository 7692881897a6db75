import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { partnerSummarySchema, type PartnerSummary } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';

/** The partner list filters the status to these; no status means all. */
export const PARTNER_STATUS_FILTERS = ['ENABLED', 'DISABLED'] as const;
export type PartnerStatusFilter = (typeof PARTNER_STATUS_FILTERS)[number];

export interface PartnerListFilters {
  status?: PartnerStatusFilter;
  search?: string;
}

export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (filters: PartnerListFilters) => [...partnerKeys.lists(), filters] as const,
  details: () => [...partnerKeys.all, 'detail'] as const,
  detail: (id: number) => [...partnerKeys.details(), id] as const,
};

const partnerListSchema = z.array(partnerSummarySchema);

/** `GET /api/partners?status=&search=`: site users only (others get 403). */
export function getPartners(filters: PartnerListFilters, signal?: AbortSignal): Promise<PartnerSummary[]> {
  return apiClient.get('/partners', {
    query: { status: filters.status, search: filters.search },
    schema: partnerListSchema,
    signal,
  });
}

export const partnersQueryOptions = (filters: PartnerListFilters) =>
  queryOptions({
    queryKey: partnerKeys.list(filters),
    queryFn: ({ signal }) => getPartners(filters, signal),
  });

export function usePartners(filters: PartnerListFilters) {
  return useQuery({ ...partnersQueryOptions(filters), placeholderData: keepPreviousData });
}
