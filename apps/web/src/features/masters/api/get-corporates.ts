import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { corporateSchema, type Corporate } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { masterKeys, type CorporateType } from './master-keys';

const corporateListSchema = z.array(corporateSchema);

export interface CorporateFilters {
  type?: CorporateType;
  status?: 'ENABLED' | 'DISABLED';
}

/** `GET /api/corporates?type=&status=` (site users). */
export function getCorporates(filters: CorporateFilters, signal?: AbortSignal): Promise<Corporate[]> {
  return apiClient.get('/corporates', {
    query: { type: filters.type, status: filters.status },
    schema: corporateListSchema,
    signal,
  });
}

export const corporatesQueryOptions = (filters: CorporateFilters) =>
  queryOptions({
    queryKey: masterKeys.corporateList(filters),
    queryFn: ({ signal }) => getCorporates(filters, signal),
  });

export function useCorporates(filters: CorporateFilters, enabled = true) {
  return useQuery({ ...corporatesQueryOptions(filters), enabled, placeholderData: keepPreviousData });
}
