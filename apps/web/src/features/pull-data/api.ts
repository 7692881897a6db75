import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pullDataEndpoints,
  reportsEndpoints,
  tenantsEndpoints,
  type PullToken,
  type PullTokenCreateBody,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';

/** Query keys of the pull-data tokens; every write refreshes an industry's list through `industry`. */
export const pullDataKeys = {
  all: ['pull-data'] as const,
  industry: (tenantId: number) => [...pullDataKeys.all, tenantId] as const,
  list: (tenantId: number, page: number) => [...pullDataKeys.industry(tenantId), 'list', page] as const,
  points: (tenantId: number) => [...pullDataKeys.industry(tenantId), 'points'] as const,
  name: (tenantId: number) => [...pullDataKeys.all, 'name', tenantId] as const,
};

/** One page of an industry's tokens, newest first. */
export function usePullTokens(tenantId: number | undefined, page: number) {
  return useQuery({
    queryKey: pullDataKeys.list(tenantId ?? 0, page),
    queryFn: ({ signal }) =>
      callEndpoint(pullDataEndpoints.listPullTokens, {
        params: { id: tenantId ?? 0 },
        query: { page },
        signal,
      }),
    enabled: tenantId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The industry's monitoring points with the parameters measured at each (the reports' list of them). */
export function usePullPoints(tenantId: number) {
  return useQuery({
    queryKey: pullDataKeys.points(tenantId),
    queryFn: ({ signal }) => callEndpoint(reportsEndpoints.listReportParams, { query: { tenantId }, signal }),
    staleTime: 60_000,
  });
}

/** The name of the industry chosen in the address, for the picker before any search has run. */
export function useIndustryName(tenantId: number | undefined) {
  return useQuery({
    queryKey: pullDataKeys.name(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.getTenant, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    select: (tenant) => tenant.name,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (tenantId: number) => queryClient.invalidateQueries({ queryKey: pullDataKeys.industry(tenantId) });
}

/** Issues a token: the answer's token is for the dialog that shows it once, never for the cache. */
export function useCreatePullToken() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ tenantId, body }: { tenantId: number; body: PullTokenCreateBody }) =>
      callEndpoint(pullDataEndpoints.createPullToken, { params: { id: tenantId }, body }),
    onSettled: (_data, _error, { tenantId }) => refresh(tenantId),
  });
}

export function useRevokePullToken() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (token: Pick<PullToken, 'id' | 'tenantId'>) =>
      callEndpoint(pullDataEndpoints.revokePullToken, { params: { id: token.id } }),
    onSettled: (_data, _error, token) => refresh(token.tenantId),
  });
}
