import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { diagnosticParamSchema, pageOf, type DiagnosticParam } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { diagnosticKeys, type DiagnosticParamListFilters } from './diagnostic-keys';

export const diagnosticParamPageSchema = pageOf(diagnosticParamSchema);
export type DiagnosticParamPage = z.infer<typeof diagnosticParamPageSchema>;

/** `GET /api/diagnosticParams`: one page of set-ups, filtered on the server. */
export function getDiagnosticParams(
  filters: DiagnosticParamListFilters,
  signal?: AbortSignal,
): Promise<DiagnosticParamPage> {
  return apiClient.get('/diagnosticParams', {
    query: {
      page: filters.page,
      pageSize: filters.pageSize,
      makeId: filters.makeId,
      modelId: filters.modelId,
      tenantId: filters.tenantId,
    },
    schema: diagnosticParamPageSchema,
    signal,
  });
}

export const diagnosticParamsQueryOptions = (filters: DiagnosticParamListFilters) =>
  queryOptions({
    queryKey: diagnosticKeys.list(filters),
    queryFn: ({ signal }) => getDiagnosticParams(filters, signal),
  });

export function useDiagnosticParams(filters: DiagnosticParamListFilters) {
  return useQuery({ ...diagnosticParamsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** `GET /api/diagnosticParams/{id}`: one set-up, e.g. to edit it or after a conflict. */
export function getDiagnosticParam(id: number, signal?: AbortSignal): Promise<DiagnosticParam> {
  return apiClient.get(`/diagnosticParams/${id}`, { schema: diagnosticParamSchema, signal });
}

export function useDiagnosticParam(id: number) {
  return useQuery({
    queryKey: diagnosticKeys.detail(id),
    queryFn: ({ signal }) => getDiagnosticParam(id, signal),
  });
}
