import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

/** The entry with old and new values and the changed fields. */
export function getAuditDetail(id: number, signal?: AbortSignal) {
  return callEndpoint(auditEndpoints.getAuditDetail, { params: { id }, signal });
}

export const auditDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: auditKeys.detail(id),
    queryFn: ({ signal }) => getAuditDetail(id, signal),
  });

export function useAuditDetail(id: number) {
  return useQuery({ ...auditDetailQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
