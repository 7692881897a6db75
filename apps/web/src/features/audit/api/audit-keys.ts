import type { auditEndpoints, EndpointQuery, logsEndpoints } from '@vayu/domain';

/** The queries of the audit screens, as their endpoints define them. */
export type AuditLogListQuery = EndpointQuery<typeof auditEndpoints.listAuditLogs>;
export type AuditDocumentListQuery = EndpointQuery<typeof auditEndpoints.searchAuditDocuments>;
export type ActivityLogListQuery = EndpointQuery<typeof logsEndpoints.listActivityLogs>;

/** Query keys of the audit screens, from one place so invalidation can reach them all. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: AuditLogListQuery) => [...auditKeys.lists(), query] as const,
  detail: (id: number) => [...auditKeys.all, 'detail', id] as const,
  documents: (query: AuditDocumentListQuery) => [...auditKeys.all, 'documents', query] as const,
  activity: (query: ActivityLogListQuery) => [...auditKeys.all, 'activity', query] as const,
  tenantUsers: (tenantId: number) => [...auditKeys.all, 'tenant-users', tenantId] as const,
};
