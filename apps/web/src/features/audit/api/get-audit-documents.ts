import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { auditKeys, type AuditDocumentListQuery } from './audit-keys';

/** The trail as JSON documents (site users). */
export function getAuditDocuments(query: AuditDocumentListQuery, signal?: AbortSignal) {
  return callEndpoint(auditEndpoints.searchAuditDocuments, { query, signal });
}

export const auditDocumentsQueryOptions = (query: AuditDocumentListQuery) =>
  queryOptions({
    queryKey: auditKeys.documents(query),
    queryFn: ({ signal }) => getAuditDocuments(query, signal),
  });

export function useAuditDocuments(query: AuditDocumentListQuery) {
  return useQuery({ ...auditDocumentsQueryOptions(query), placeholderData: keepPreviousData });
}
