import type { diagnosticsEndpoints, EndpointQuery } from '@vayu/domain';

/** The list's query, as `GET /api/diagnosticParams` defines it. */
export type DiagnosticParamListQuery = EndpointQuery<typeof diagnosticsEndpoints.listDiagnosticParams>;

/** Query keys of the diagnostics feature. Makes and models are the makes feature's (`makeKeys`). */
export const diagnosticKeys = {
  all: ['diagnostic-params'] as const,
  list: (query: DiagnosticParamListQuery) => [...diagnosticKeys.all, 'list', query] as const,
  detail: (id: number) => [...diagnosticKeys.all, 'detail', id] as const,
};
