import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataMigrationsEndpoints,
  isDataMigrationPending,
  type EndpointQuery,
  type EndpointResponse,
} from '@vayu/domain';
import { buildApiUrl, callEndpoint } from '../../app/api-client';

export type DataMigrationPage = EndpointResponse<typeof dataMigrationsEndpoints.listDataMigrations>;
export type DataMigrationListQuery = EndpointQuery<typeof dataMigrationsEndpoints.listDataMigrations>;

/** How often a list or detail with a migration still checking or importing is asked again. */
export const DATA_MIGRATION_POLL_MS = 2000;

/** Query keys of data migrations; a new migration, an import or a cancel refreshes through `all`. */
export const dataMigrationKeys = {
  all: ['dataMigrations'] as const,
  list: (query: DataMigrationListQuery) => [...dataMigrationKeys.all, 'list', query] as const,
  detail: (id: number) => [...dataMigrationKeys.all, 'detail', id] as const,
};

/** The CSV template's address (a plain link downloads it). */
export const dataMigrationTemplateUrl = () =>
  buildApiUrl(dataMigrationsEndpoints.downloadDataMigrationTemplate.path.replace(/^\/api/, ''));

/** A page of migrations, asked again while one of them is checking or importing. */
export function useDataMigrations(query: DataMigrationListQuery) {
  return useQuery({
    queryKey: dataMigrationKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(dataMigrationsEndpoints.listDataMigrations, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((item) => isDataMigrationPending(item.status))
        ? DATA_MIGRATION_POLL_MS
        : false,
  });
}

/** One migration with its row errors, asked again while it is checking or importing. */
export function useDataMigration(id: number | undefined) {
  return useQuery({
    queryKey: dataMigrationKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(dataMigrationsEndpoints.getDataMigration, { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined,
    refetchInterval: (current) =>
      current.state.data && isDataMigrationPending(current.state.data.status)
        ? DATA_MIGRATION_POLL_MS
        : false,
  });
}

function useRefreshDataMigrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dataMigrationKeys.all });
}

/** What the new-migration dialog sends: a CSV file, or another industry and an optional range. */
export type NewDataMigration =
  | { tenantId: number; file: File }
  | { tenantId: number; sourceTenantId: number; from?: string | undefined; to?: string | undefined };

export function useCreateDataMigration() {
  const refresh = useRefreshDataMigrations();
  return useMutation({
    mutationFn: (input: NewDataMigration) => {
      const form = new FormData();
      form.append('tenantId', String(input.tenantId));
      if ('file' in input) {
        form.append('file', input.file, input.file.name);
      } else {
        form.append('sourceTenantId', String(input.sourceTenantId));
        if (input.from) form.append('from', input.from);
        if (input.to) form.append('to', input.to);
      }
      return callEndpoint(dataMigrationsEndpoints.createDataMigration, { body: form });
    },
    onSuccess: refresh,
  });
}

export function useImportDataMigration() {
  const refresh = useRefreshDataMigrations();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(dataMigrationsEndpoints.importDataMigration, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useCancelDataMigration() {
  const refresh = useRefreshDataMigrations();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(dataMigrationsEndpoints.cancelDataMigration, { params: { id } }),
    onSuccess: refresh,
  });
}
