import { useMutation, useQueryClient } from '@tanstack/react-query';
import { industriesEndpoints, type EndpointBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { masterKeys } from './master-keys';

type CategoryUpdate = EndpointBody<typeof industriesEndpoints.updateIndustryCategory>;

/** Adds a category (CATEGORY_EXISTS for a name already used). */
export function useCreateIndustry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof industriesEndpoints.createIndustryCategory>) =>
      callEndpoint(industriesEndpoints.createIndustryCategory, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.industries }),
  });
}

/** Renames a category from its version (CATEGORY_EXISTS, STALE_VERSION). */
export function useUpdateIndustry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CategoryUpdate }) =>
      callEndpoint(industriesEndpoints.updateIndustryCategory, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.industries }),
  });
}
