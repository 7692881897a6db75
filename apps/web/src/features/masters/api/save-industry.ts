import { useMutation, useQueryClient } from '@tanstack/react-query';
import { industryCategorySchema, type IndustryCategory } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { masterKeys } from './master-keys';

/** `POST /api/industry`: 409 'Category already exists.' for a duplicate name. */
export function createIndustry(body: { name: string }): Promise<IndustryCategory> {
  return apiClient.post('/industry', body, { schema: industryCategorySchema });
}

/** `PUT /api/industry/{id}`: 409 for a duplicate name or a stale version. */
export function updateIndustry({
  id,
  body,
}: {
  id: number;
  body: { name: string; version: number };
}): Promise<IndustryCategory> {
  return apiClient.put(`/industry/${id}`, body, { schema: industryCategorySchema });
}

export function useCreateIndustry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIndustry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.industries }),
  });
}

export function useUpdateIndustry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIndustry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.industries }),
  });
}
