import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogRowSchema, pageOf, type AuditLogQuery } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

const auditLogPageSchema = pageOf(auditLogRowSchema);

/** `GET /api/auditLogs?startDate&endDate&tenantId&pageNum&sort&order`: 20 rows per page. */
export function getAuditLogs(query: AuditLogQuery, signal?: AbortSignal) {
  return apiClient.get('/auditLogs', { query: { ...query }, schema: auditLogPageSchema, signal });
}

export const auditLogsQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAuditLogs(query, signal),
  });

export function useAuditLogs(query: AuditLogQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
