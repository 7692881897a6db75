import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogDetailSchema } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

/** `GET /api/auditDetails/{id}`: the entry with old and new values and the changed fields. */
export function getAuditDetail(id: number, signal?: AbortSignal) {
  return apiClient.get(`/auditDetails/${id}`, { schema: auditLogDetailSchema, signal });
}

export const auditDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: auditKeys.detail(id),
    queryFn: ({ signal }) => getAuditDetail(id, signal),
  });

export function useAuditDetail(id: number) {
  return useQuery({ ...auditDetailQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
