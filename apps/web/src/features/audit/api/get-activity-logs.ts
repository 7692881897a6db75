import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { logsEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { auditKeys, type ActivityLogListQuery } from './audit-keys';

/** Sign-ins and changes, 20 per page. */
export function getActivityLogs(query: ActivityLogListQuery, signal?: AbortSignal) {
  return callEndpoint(logsEndpoints.listActivityLogs, { query, signal });
}

export const activityLogsQueryOptions = (query: ActivityLogListQuery) =>
  queryOptions({
    queryKey: auditKeys.activity(query),
    queryFn: ({ signal }) => getActivityLogs(query, signal),
  });

export function useActivityLogs(query: ActivityLogListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...activityLogsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
