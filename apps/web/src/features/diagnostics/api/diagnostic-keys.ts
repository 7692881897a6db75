import type { MakeType } from '@vayu/domain';

export interface DiagnosticParamListFilters {
  page: number;
  pageSize: number;
  makeId?: number;
  modelId?: number;
  tenantId?: number;
}

/** Query keys of the diagnostics feature. Makes and models are master data under their own root. */
export const diagnosticKeys = {
  all: ['diagnostic-params'] as const,
  list: (filters: DiagnosticParamListFilters) => [...diagnosticKeys.all, 'list', filters] as const,
  detail: (id: number) => [...diagnosticKeys.all, 'detail', id] as const,
  makes: (type?: MakeType) => ['makes', type ?? 'all'] as const,
  models: (makeId: number) => ['makes', 'models', makeId] as const,
  parameterSearch: (text: string) => [...diagnosticKeys.all, 'parameter-search', text] as const,
};
