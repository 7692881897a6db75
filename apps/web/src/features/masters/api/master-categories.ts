import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueEndpoints, type MasterCategory, type MasterCategoryBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

const masterCategoryKeys = {
  all: ['master-categories'] as const,
};

/** The master category list (type, description). */
export function getMasterCategories(signal?: AbortSignal): Promise<MasterCategory[]> {
  return callEndpoint(catalogueEndpoints.listMasterCategories, { signal });
}

export const masterCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: masterCategoryKeys.all,
    queryFn: ({ signal }) => getMasterCategories(signal),
  });

export function useMasterCategories() {
  return useQuery(masterCategoriesQueryOptions());
}

/** What a save sends: a new category, or an edit from the version the form started with. */
export type MasterCategorySave =
  { id: null; body: MasterCategoryBody } | { id: number; body: MasterCategoryBody & { version: number } };

/** Refused with MASTER_CATEGORY_EXISTS for a type already used, STALE_VERSION for an old version. */
export function saveMasterCategory(save: MasterCategorySave): Promise<MasterCategory> {
  return save.id === null
    ? callEndpoint(catalogueEndpoints.createMasterCategory, { body: save.body })
    : callEndpoint(catalogueEndpoints.updateMasterCategory, { params: { id: save.id }, body: save.body });
}

export function useSaveMasterCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMasterCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterCategoryKeys.all }),
  });
}

/** Marked DELETED, never removed. */
export function useDeleteMasterCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(catalogueEndpoints.deleteMasterCategory, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: masterCategoryKeys.all }),
  });
}
