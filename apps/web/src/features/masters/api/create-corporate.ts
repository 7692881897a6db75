import { useMutation, useQueryClient } from '@tanstack/react-query';
import { corporatesEndpoints, type EndpointBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { masterKeys } from './master-keys';

export type CorporateInput = EndpointBody<typeof corporatesEndpoints.createCorporate>;

/** The corporate and its corporate account (CORPORATE_EXISTS for a name already used). */
export function useCreateCorporate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorporateInput) => callEndpoint(corporatesEndpoints.createCorporate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.corporates }),
  });
}
