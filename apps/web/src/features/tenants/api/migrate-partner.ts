import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { partnerMigratePreviewSchema } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

export type PartnerMigratePreview = z.infer<typeof partnerMigratePreviewSchema>;

/** `GET /api/partnerMigrate/{tenantId}/{partnerId}`: what moving the industry would do. */
export function getPartnerMigratePreview(tenantId: number, partnerId: number, signal?: AbortSignal) {
  return apiClient.get(`/partnerMigrate/${tenantId}/${partnerId}`, {
    schema: partnerMigratePreviewSchema,
    signal,
  });
}

export const partnerMigratePreviewQueryOptions = (tenantId: number, partnerId: number) =>
  queryOptions({
    queryKey: tenantKeys.migratePreview(tenantId, partnerId),
    queryFn: ({ signal }) => getPartnerMigratePreview(tenantId, partnerId, signal),
    staleTime: 0,
  });

export function usePartnerMigratePreview(tenantId: number, partnerId: number | null) {
  return useQuery({
    ...partnerMigratePreviewQueryOptions(tenantId, partnerId ?? 0),
    enabled: partnerId !== null,
  });
}

const messageSchema = z.object({ message: z.string() });

/** `POST /api/changePartner/{tenantId}/{partnerId}`. */
export function changePartner(tenantId: number, partnerId: number) {
  return apiClient.post(`/changePartner/${tenantId}/${partnerId}`, undefined, { schema: messageSchema });
}

export function useChangePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, partnerId }: { tenantId: number; partnerId: number }) =>
      changePartner(tenantId, partnerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
