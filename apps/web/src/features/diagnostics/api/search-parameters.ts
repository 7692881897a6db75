import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MULTISELECT_SEARCH_LIMIT, pageOf, parameterSchema, type Parameter } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { diagnosticKeys } from './diagnostic-keys';

const parameterPageSchema = pageOf(parameterSchema);

/** `GET /api/parameters?search=`: the first catalogue parameters whose label or name matches. */
export async function searchParameters(text: string, signal?: AbortSignal): Promise<Parameter[]> {
  const page = await apiClient.get('/parameters', {
    query: { page: 1, pageSize: MULTISELECT_SEARCH_LIMIT, search: text || undefined },
    schema: parameterPageSchema,
    signal,
  });
  return page.items;
}

/** Catalogue parameters to pick from; an empty text gives the first ones by label. */
export function useParameterSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: diagnosticKeys.parameterSearch(trimmed),
    queryFn: ({ signal }) => searchParameters(trimmed, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
