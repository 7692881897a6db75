import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerDetailSchema } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { partnerKeys } from './get-partners';

export type PartnerDetail = z.infer<typeof partnerDetailSchema>;

/** `GET /api/partners/{id}`: everything the edit form needs, with the current version. */
export function getPartner(id: number, signal?: AbortSignal): Promise<PartnerDetail> {
  return apiClient.get(`/partners/${id}`, { schema: partnerDetailSchema, signal });
}

export const partnerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: partnerKeys.detail(id),
    queryFn: ({ signal }) => getPartner(id, signal),
  });

export function usePartner(id: number | null) {
  return useQuery({ ...partnerQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
