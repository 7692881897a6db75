import { useQuery } from '@tanstack/react-query';
import { subscriptionQueryOptions, type SubscriptionView } from '../../billing';

export type Subscription = SubscriptionView;

/**
 * An industry's plan, status, period and usage against its limits
 * (`GET /api/subscription/{tenantId}`), in the billing feature's cache entry,
 * so the tenant list's dialog and the subscription page show the same answer.
 */
export function useSubscription(tenantId: number, enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(tenantId), enabled: enabled && tenantId > 0 });
}
