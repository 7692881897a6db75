import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionsEndpoints, type EndpointBody, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

export type Subscription = EndpointResponse<typeof subscriptionsEndpoints.getSubscription>;
export type SubscriptionUpdate = EndpointBody<typeof subscriptionsEndpoints.updateSubscription>;

export const subscriptionQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: tenantKeys.subscription(tenantId),
    queryFn: ({ signal }) =>
      callEndpoint(subscriptionsEndpoints.getSubscription, { params: { tenantId }, signal }),
  });

/** Plan code, payment mode, quotas and users used of an industry. */
export function useSubscription(tenantId: number, enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(tenantId), enabled: enabled && tenantId > 0 });
}

/** Saves from the version the form started with (STALE_VERSION when someone saved first). */
export function useUpdateSubscription(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionUpdate) =>
      callEndpoint(subscriptionsEndpoints.updateSubscription, { params: { tenantId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantKeys.subscription(tenantId), saved);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenantId) });
    },
  });
}
