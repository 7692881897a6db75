import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { diagnosticsEndpoints, type DiagnosticParam, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { diagnosticKeys, type DiagnosticParamListQuery } from './diagnostic-keys';

export type DiagnosticParamPage = EndpointResponse<typeof diagnosticsEndpoints.listDiagnosticParams>;

export const diagnosticParamsQueryOptions = (query: DiagnosticParamListQuery) =>
  queryOptions({
    queryKey: diagnosticKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(diagnosticsEndpoints.listDiagnosticParams, { query, signal }),
  });

/** One page of set-ups, filtered on the server. */
export function useDiagnosticParams(query: DiagnosticParamListQuery) {
  return useQuery({ ...diagnosticParamsQueryOptions(query), placeholderData: keepPreviousData });
}

/** One set-up, e.g. to edit it or after a conflict. */
export function getDiagnosticParam(id: number, signal?: AbortSignal): Promise<DiagnosticParam> {
  return callEndpoint(diagnosticsEndpoints.getDiagnosticParam, { params: { id }, signal });
}

export function useDiagnosticParam(id: number) {
  return useQuery({
    queryKey: diagnosticKeys.detail(id),
    queryFn: ({ signal }) => getDiagnosticParam(id, signal),
  });
}
