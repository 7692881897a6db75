import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MULTISELECT_SEARCH_LIMIT, parametersEndpoints, type Parameter } from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';

/**
 * The key of one search of the catalogue: under the catalogue's own root
 * (`['parameters']`), so whatever refreshes the catalogue refreshes the searches too.
 */
export const parameterSearchKey = (text: string) => ['parameters', 'search', text] as const;

/** The first catalogue parameters whose label or name matches (`GET /api/parameters?search=`). */
export async function searchParameters(text: string, signal?: AbortSignal): Promise<Parameter[]> {
  const page = await callEndpoint(parametersEndpoints.listParameters, {
    query: { page: 1, pageSize: MULTISELECT_SEARCH_LIMIT, search: text || undefined },
    signal,
  });
  return page.items;
}

/** Catalogue parameters to pick from; an empty text gives the first ones by label. */
export function useParameterSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: parameterSearchKey(trimmed),
    queryFn: ({ signal }) => searchParameters(trimmed, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
