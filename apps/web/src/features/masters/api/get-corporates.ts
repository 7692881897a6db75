import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { corporatesEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { masterKeys, type CorporateListQuery } from './master-keys';

/** Corporates by type and status (site users). */
export const corporatesQueryOptions = (query: CorporateListQuery) =>
  queryOptions({
    queryKey: masterKeys.corporateList(query),
    queryFn: ({ signal }) => callEndpoint(corporatesEndpoints.listCorporates, { query, signal }),
  });

export function useCorporates(query: CorporateListQuery, enabled = true) {
  return useQuery({ ...corporatesQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
