import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnersEndpoints, type EndpointBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { partnerKeys } from './get-partners';

export type PartnerFormInput = EndpointBody<typeof partnersEndpoints.createPartner>;
export type PartnerUpdateInput = EndpointBody<typeof partnersEndpoints.updatePartner>;

export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerFormInput) => callEndpoint(partnersEndpoints.createPartner, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** Saves from the version the form started with (STALE_VERSION when someone saved first). */
export function useUpdatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PartnerUpdateInput }) =>
      callEndpoint(partnersEndpoints.updatePartner, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
