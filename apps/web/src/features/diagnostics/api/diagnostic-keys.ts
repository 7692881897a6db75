import type { diagnosticsEndpoints, EndpointQuery, MakeType } from '@vayu/domain';

/** The list's query, as `GET /api/diagnosticParams` defines it. */
export type DiagnosticParamListQuery = EndpointQuery<typeof diagnosticsEndpoints.listDiagnosticParams>;

/** Query keys of the diagnostics feature. Makes and models are master data under their own root. */
export const diagnosticKeys = {
  all: ['diagnostic-params'] as const,
  list: (query: DiagnosticParamListQuery) => [...diagnosticKeys.all, 'list', query] as const,
  detail: (id: number) => [...diagnosticKeys.all, 'detail', id] as const,
  makes: (type?: MakeType) => ['makes', type ?? 'all'] as const,
  models: (makeId: number) => ['makes', 'models', makeId] as const,
  parameterSearch: (text: string) => [...diagnosticKeys.all, 'parameter-search', text] as const,
};
