import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activityLogRowSchema, pageOf, type ActivityLogQuery } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

const activityLogPageSchema = pageOf(activityLogRowSchema);

/** `GET /api/logs?tenantId&userId&startDate&endDate&pageNum`: sign-ins and changes, 20 per page. */
export function getActivityLogs(query: ActivityLogQuery, signal?: AbortSignal) {
  return apiClient.get('/logs', { query: { ...query }, schema: activityLogPageSchema, signal });
}

export const activityLogsQueryOptions = (query: ActivityLogQuery) =>
  queryOptions({
    queryKey: auditKeys.activity(query),
    queryFn: ({ signal }) => getActivityLogs(query, signal),
  });

export function useActivityLogs(query: ActivityLogQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...activityLogsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
