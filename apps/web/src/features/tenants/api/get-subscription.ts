import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionSchema, type subscriptionUpdateSchema } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;

/** `GET /api/subscription/{tenantId}`: plan code, payment mode, quotas and users used. */
export function getSubscription(tenantId: number, signal?: AbortSignal): Promise<Subscription> {
  return apiClient.get(`/subscription/${tenantId}`, { schema: subscriptionSchema, signal });
}

export const subscriptionQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: tenantKeys.subscription(tenantId),
    queryFn: ({ signal }) => getSubscription(tenantId, signal),
  });

export function useSubscription(tenantId: number, enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(tenantId), enabled: enabled && tenantId > 0 });
}

/** `PUT /api/subscription/{tenantId}` with the version it started from; 409 when stale. */
export function updateSubscription(tenantId: number, body: SubscriptionUpdate): Promise<Subscription> {
  return apiClient.put(`/subscription/${tenantId}`, body, { schema: subscriptionSchema });
}

export function useUpdateSubscription(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionUpdate) => updateSubscription(tenantId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantKeys.subscription(tenantId), saved);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenantId) });
    },
  });
}
