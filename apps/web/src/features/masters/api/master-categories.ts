import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { masterCategorySchema, type MasterCategory, type MasterCategoryBody } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';

const masterCategoryKeys = {
  all: ['master-categories'] as const,
};

/** `GET /api/masterCategories`: the master category list (type, description). */
export function getMasterCategories(signal?: AbortSignal): Promise<MasterCategory[]> {
  return apiClient.get('/masterCategories', { schema: z.array(masterCategorySchema), signal });
}

export const masterCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: masterCategoryKeys.all,
    queryFn: ({ signal }) => getMasterCategories(signal),
  });

export function useMasterCategories() {
  return useQuery(masterCategoriesQueryOptions());
}

/** `POST /api/masterCategories`, or `PUT /api/masterCategories/{id}` from the version the form started with. */
export function saveMasterCategory({
  id,
  body,
}: {
  id: number | null;
  body: MasterCategoryBody & { version?: number };
}): Promise<MasterCategory> {
  return id === null
    ? apiClient.post('/masterCategories', body, { schema: masterCategorySchema })
    : apiClient.put(`/masterCategories/${id}`, body, { schema: masterCategorySchema });
}

export function useSaveMasterCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMasterCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterCategoryKeys.all }),
  });
}

/** `DELETE /api/masterCategories/{id}`: marked DELETED, never removed. */
export function deleteMasterCategory(id: number): Promise<unknown> {
  return apiClient.delete(`/masterCategories/${id}`);
}

export function useDeleteMasterCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMasterCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: masterCategoryKeys.all }),
  });
}
