import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  edgeClientsEndpoints,
  tenantsEndpoints,
  type EdgeClient,
  type EdgeClientCreateBody,
  type EdgeClientDetail,
  type EdgeClientListQuery,
  type EdgeClientUpdateBody,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';

/** Query keys of the edge clients; every write refreshes the lists and the client through `all`. */
export const edgeClientKeys = {
  all: ['edge-clients'] as const,
  lists: () => [...edgeClientKeys.all, 'list'] as const,
  list: (query: EdgeClientListQuery) => [...edgeClientKeys.lists(), query] as const,
  detail: (id: number) => [...edgeClientKeys.all, 'detail', id] as const,
  industry: (tenantId: number) => ['edge-clients-industry', tenantId] as const,
};

export const edgeClientsQueryOptions = (query: EdgeClientListQuery) =>
  queryOptions({
    queryKey: edgeClientKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(edgeClientsEndpoints.listEdgeClients, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of edge clients, as the URL asks. */
export function useEdgeClients(query: EdgeClientListQuery) {
  return useQuery(edgeClientsQueryOptions(query));
}

/** A client with its keys (never a key itself). */
export function useEdgeClient(id: number | null) {
  return useQuery({
    queryKey: edgeClientKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(edgeClientsEndpoints.getEdgeClient, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** The name of the industry chosen in the URL, for the picker before any search has run. */
export function useIndustryName(tenantId: number | undefined) {
  return useQuery({
    queryKey: edgeClientKeys.industry(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.getTenant, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    select: (tenant) => tenant.name,
  });
}

/** After a write: the client as now stored in its cache entry, and every list asked again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return {
    store: (client: EdgeClientDetail) => queryClient.setQueryData(edgeClientKeys.detail(client.id), client),
    forget: (id: number) => queryClient.removeQueries({ queryKey: edgeClientKeys.detail(id) }),
    lists: () => queryClient.invalidateQueries({ queryKey: edgeClientKeys.lists() }),
  };
}

export function useCreateEdgeClient() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: EdgeClientCreateBody) => callEndpoint(edgeClientsEndpoints.createEdgeClient, { body }),
    onSuccess: refresh.store,
    onSettled: refresh.lists,
  });
}

/** Saves the e-mail and keys allowed, from the version the edit started from. */
export function useUpdateEdgeClient() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: EdgeClientUpdateBody) =>
      callEndpoint(edgeClientsEndpoints.updateEdgeClient, { body: { ...body, version: body.version ?? 0 } }),
    onSuccess: refresh.store,
    onSettled: refresh.lists,
  });
}

/** Deletes a client (and revokes its keys) at the version the person saw. */
export function useDeleteEdgeClient() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (client: Pick<EdgeClient, 'id' | 'version'>) =>
      callEndpoint(edgeClientsEndpoints.deleteEdgeClient, {
        params: { id: client.id },
        query: { version: client.version },
      }),
    onSuccess: (deleted) => refresh.forget(deleted.id),
    onSettled: refresh.lists,
  });
}

/**
 * Issues a key. The answer's key is for the dialog that shows it once: only
 * the client (without it) goes into the cache.
 */
export function useIssueEdgeKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (clientId: number) =>
      callEndpoint(edgeClientsEndpoints.issueEdgeKey, { body: { clientTokenId: clientId } }),
    onSuccess: (issued) => refresh.store(issued.client),
    onSettled: refresh.lists,
  });
}

export function useRevokeEdgeKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ clientId, keyId }: { clientId: number; keyId: number }) =>
      callEndpoint(edgeClientsEndpoints.revokeEdgeKey, { params: { id: clientId, keyId } }),
    onSuccess: refresh.store,
    onSettled: refresh.lists,
  });
}
