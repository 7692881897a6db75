import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isReportPending,
  reportsEndpoints,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  type ReportFormat,
} from '@vayu/domain';
import { buildApiUrl, callEndpoint } from '../../app/api-client';

export type ReportPage = EndpointResponse<typeof reportsEndpoints.listReports>;
export type ReportListQuery = EndpointQuery<typeof reportsEndpoints.listReports>;
export type ScheduleListQuery = EndpointQuery<typeof reportsEndpoints.listReportSchedules>;
export type ReportRequestBody = EndpointBody<typeof reportsEndpoints.requestReport>;
export type ScheduleBody = EndpointBody<typeof reportsEndpoints.createReportSchedule>;

/** Which list of reports: every industry the user sees, or the board's view (`/statutory/reports`). */
export type ReportListScope = 'all' | 'board';

/** How often a list with a report still being made is asked again. */
export const REPORT_POLL_MS = 2000;

/** Query keys of reports; a request, a mail or a schedule change refreshes through `all`. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (scope: ReportListScope, query: ReportListQuery) =>
    [...reportKeys.all, 'list', scope, query] as const,
  schedules: (query: ScheduleListQuery) => [...reportKeys.all, 'schedules', query] as const,
  industries: (search: string) => [...reportKeys.all, 'industries', search] as const,
  industry: (id: number) => [...reportKeys.all, 'industry', id] as const,
  points: (tenantId: number) => [...reportKeys.all, 'points', tenantId] as const,
};

/**
 * A page of reports, asked again every `REPORT_POLL_MS` while one of them is
 * queued or being made, so its progress moves and its downloads appear.
 */
export function useReports(scope: ReportListScope, query: ReportListQuery) {
  const endpoint = scope === 'board' ? reportsEndpoints.listStatutoryReports : reportsEndpoints.listReports;
  return useQuery({
    queryKey: reportKeys.list(scope, query),
    queryFn: ({ signal }) => callEndpoint(endpoint, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((report) => isReportPending(report.status)) ? REPORT_POLL_MS : false,
  });
}

/** The industries the user may report on whose name holds `search`. */
export function useReportIndustries(search: string) {
  return useQuery({
    queryKey: reportKeys.industries(search),
    queryFn: ({ signal }) =>
      callEndpoint(reportsEndpoints.listReportIndustries, {
        query: { page: 1, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One industry's name, for a choice held in the address. */
export function useReportIndustry(id: number | undefined) {
  return useQuery({
    queryKey: reportKeys.industry(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callEndpoint(reportsEndpoints.listReportIndustries, { query: { id, page: 1 }, signal }))
        .items[0] ?? null,
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** An industry's monitoring points with their parameters. */
export function useReportPoints(tenantId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.points(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(reportsEndpoints.listReportParams, { query: { tenantId: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 60_000,
  });
}

function useRefreshReports() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportKeys.all });
}

export function useRequestReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ tenantId, body }: { tenantId: number; body: ReportRequestBody }) =>
      callEndpoint(reportsEndpoints.requestReport, { params: { tenantId }, body }),
    onSuccess: refresh,
  });
}

export function useEmailReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, recipients }: { id: number; recipients: string[] }) =>
      callEndpoint(reportsEndpoints.emailReport, { params: { id }, body: { recipients } }),
    onSuccess: refresh,
  });
}

export function useReportSchedules(query: ScheduleListQuery) {
  return useQuery({
    queryKey: reportKeys.schedules(query),
    queryFn: ({ signal }) => callEndpoint(reportsEndpoints.listReportSchedules, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateSchedule() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (body: ScheduleBody) => callEndpoint(reportsEndpoints.createReportSchedule, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteSchedule() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(reportsEndpoints.deleteReportSchedule, { params: { id } }),
    onSettled: refresh,
  });
}

/** Where the browser downloads a report's file (the session cookie goes with it). */
export function reportFileUrl(id: number, format: ReportFormat): string {
  return buildApiUrl(reportsEndpoints.downloadReport.path.slice('/api'.length), { id, format });
}
