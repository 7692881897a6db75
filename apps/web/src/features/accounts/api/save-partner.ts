import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerDetailSchema, type partnerFormSchema } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import type { PartnerDetail } from './get-partner';
import { partnerKeys } from './get-partners';

export type PartnerFormInput = z.input<typeof partnerFormSchema>;

/** `POST /api/partners`. */
export function createPartner(body: PartnerFormInput): Promise<PartnerDetail> {
  return apiClient.post('/partners', body, { schema: partnerDetailSchema });
}

/** `PUT /api/partners/{id}`: 409 when someone else saved the partner since `version`. */
export function updatePartner({
  id,
  body,
}: {
  id: number;
  body: PartnerFormInput & { version: number };
}): Promise<PartnerDetail> {
  return apiClient.put(`/partners/${id}`, body, { schema: partnerDetailSchema });
}

export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

export function useUpdatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
