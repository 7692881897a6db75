import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { auditKeys, type AuditLogListQuery } from './audit-keys';

/** One page (20 rows) of the audit trail. */
export function getAuditLogs(query: AuditLogListQuery, signal?: AbortSignal) {
  return callEndpoint(auditEndpoints.listAuditLogs, { query, signal });
}

export const auditLogsQueryOptions = (query: AuditLogListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAuditLogs(query, signal),
  });

export function useAuditLogs(query: AuditLogListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
