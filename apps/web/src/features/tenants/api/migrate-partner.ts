import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { partnersEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

export type PartnerMigratePreview = EndpointResponse<typeof partnersEndpoints.previewPartnerMigration>;

/** What moving the industry to the partner would do, and whether it can. */
export const partnerMigratePreviewQueryOptions = (tenantId: number, partnerId: number) =>
  queryOptions({
    queryKey: tenantKeys.migratePreview(tenantId, partnerId),
    queryFn: ({ signal }) =>
      callEndpoint(partnersEndpoints.previewPartnerMigration, { params: { tenantId, partnerId }, signal }),
    staleTime: 0,
  });

export function usePartnerMigratePreview(tenantId: number, partnerId: number | null) {
  return useQuery({
    ...partnerMigratePreviewQueryOptions(tenantId, partnerId ?? 0),
    enabled: partnerId !== null,
  });
}

export function useChangePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, partnerId }: { tenantId: number; partnerId: number }) =>
      callEndpoint(partnersEndpoints.changePartner, { params: { tenantId, partnerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
