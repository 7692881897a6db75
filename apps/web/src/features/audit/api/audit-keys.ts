import type { ActivityLogQuery, AuditDocumentQuery, AuditLogQuery } from '@vayu/domain';

/** Query keys of the audit screens, from one place so invalidation can reach them all. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: AuditLogQuery) => [...auditKeys.lists(), query] as const,
  detail: (id: number) => [...auditKeys.all, 'detail', id] as const,
  documents: (query: AuditDocumentQuery) => [...auditKeys.all, 'documents', query] as const,
  activity: (query: ActivityLogQuery) => [...auditKeys.all, 'activity', query] as const,
  tenantSearch: (text: string) => [...auditKeys.all, 'tenant-search', text] as const,
  tenantUsers: (tenantId: number) => [...auditKeys.all, 'tenant-users', tenantId] as const,
};
