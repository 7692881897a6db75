// What the billing feature shares with other features.
export { subscriptionQueryOptions, useSubscriptionView, type SubscriptionView } from './api';
export { SubscriptionStatusBadge } from './billing-badges';
export { formatDay, formatPeriod } from './billing-text';
export { UsageBars } from './usage-bars';
