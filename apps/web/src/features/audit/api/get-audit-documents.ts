import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditDocumentSchema, pageOf, type AuditDocumentQuery } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

const auditDocumentPageSchema = pageOf(auditDocumentSchema);

/** `GET /api/auditLog?field&value&q&page`: the trail as JSON documents (site users). */
export function getAuditDocuments(query: AuditDocumentQuery, signal?: AbortSignal) {
  return apiClient.get('/auditLog', { query: { ...query }, schema: auditDocumentPageSchema, signal });
}

export const auditDocumentsQueryOptions = (query: AuditDocumentQuery) =>
  queryOptions({
    queryKey: auditKeys.documents(query),
    queryFn: ({ signal }) => getAuditDocuments(query, signal),
  });

export function useAuditDocuments(query: AuditDocumentQuery) {
  return useQuery({ ...auditDocumentsQueryOptions(query), placeholderData: keepPreviousData });
}
