import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnersEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { partnerKeys } from './get-partners';

export type PartnerDetail = EndpointResponse<typeof partnersEndpoints.getPartner>;

/** Everything the edit form needs, with the current version. */
export const partnerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: partnerKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(partnersEndpoints.getPartner, { params: { id }, signal }),
  });

export function usePartner(id: number | null) {
  return useQuery({ ...partnerQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
