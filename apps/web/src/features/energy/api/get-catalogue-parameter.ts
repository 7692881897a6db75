import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParameter } from '../../parameters';
import { parameterKeys } from '../../parameters';

/**
 * `GET /api/parameters/{id}`: a standard parameter of the catalogue, for its
 * edit page. Kept under the parameters feature's keys, so its saves refresh it.
 */
export const catalogueParameterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...parameterKeys.all, 'detail', id] as const,
    queryFn: ({ signal }) => getParameter(id, signal),
  });

export function useCatalogueParameter(id: number) {
  return useQuery(catalogueParameterQueryOptions(id));
}
