import { useMutation, useQueryClient } from '@tanstack/react-query';
import { industriesEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { masterKeys } from './master-keys';

/** The category is marked DELETED, never removed. */
export function useDeleteIndustry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(industriesEndpoints.deleteIndustryCategory, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: masterKeys.industries }),
  });
}
