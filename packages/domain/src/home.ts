import { z } from 'zod';
import { ALERT_TYPES } from './alerts.js';
import { homeSummarySchema } from './system.js';
import { complianceDaySchema } from './regulators.js';
import { SUBSCRIPTION_STATUSES } from './billing.js';
import type { UserType } from './signed-in-user.js';

/**
 * The home screen (`/home`): what each kind of user needs first, within what
 * they may see — the freshness of monitoring points (and of industries), open
 * alerts, today's delivery to the boards with the last days, and the
 * subscriptions about to end (an industry: its own plan).
 */

/** Whose home it is: it decides which parts the overview holds. */
export const HOME_VIEWS = ['platform', 'partner', 'corporate', 'board', 'industry'] as const;
export type HomeView = (typeof HOME_VIEWS)[number];

/** Open alerts listed on the home screen (the rest are on /alerts). */
export const HOME_NEWEST_ALERTS = 5;
/** Subscriptions ending soonest listed on the home screen. */
export const HOME_EXPIRING_LISTED = 5;
/** Days of delivery the home screen's chart shows, today included. */
export const HOME_DELIVERY_DAYS = 7;

/**
 * The home a user sees: an industry's own whenever one industry is in view (an
 * industry's user, or anyone acting for one industry in manage mode), otherwise
 * by the user's type.
 */
export function homeViewOf(userType: UserType, actingTenantId: number | null): HomeView {
  if (actingTenantId !== null || userType === 'tenant') return 'industry';
  switch (userType) {
    case 'site':
      return 'platform';
    case 'partner':
      return 'partner';
    case 'corporate':
      return 'corporate';
    case 'statutory':
      return 'board';
  }
}

/** Whether the view has the subscriptions of many industries (the platform's and partners' people keep them). */
export const showsExpiringSubscriptions = (view: HomeView) => view === 'platform' || view === 'partner';

/** delivered ÷ expected, to three places (0 when nothing is expected), as the compliance timeline gives it. */
export function deliveredShareOf(delivered: number, expected: number): number {
  if (expected <= 0) return 0;
  return Math.min(1, Math.round((delivered / expected) * 1000) / 1000);
}

const count = z.number().int().min(0);

/** LIVE / DELAYED / OFFLINE counts (spec §4: under 4 hours, 4 to 8 hours inclusive, over 8 hours or never). */
export const freshnessCountsSchema = z.object({
  total: count,
  live: count,
  delayed: count,
  offline: count,
});
export type FreshnessCounts = z.infer<typeof freshnessCountsSchema>;

/** One open alert as the home screen lists it. */
export const homeAlertSchema = z.object({
  id: z.number().int(),
  type: z.enum(ALERT_TYPES),
  tenantId: z.number().int(),
  tenantName: z.string(),
  monitoringPointName: z.string().nullable(),
  deviceName: z.string(),
  /** Null for an offline alert (the whole device). */
  parameterLabel: z.string().nullable(),
  startedAt: z.string(),
});
export type HomeAlert = z.infer<typeof homeAlertSchema>;

export const homeAlertsSchema = z.object({
  /** Open now (not ended). */
  open: count,
  openByType: z.record(z.enum(ALERT_TYPES), count),
  /** In the alerts window (packages/domain alerts: open, or begun within the last 24 hours). */
  last24h: count,
  /** The newest open ones, newest first (`HOME_NEWEST_ALERTS` at most). */
  newest: z.array(homeAlertSchema),
});
export type HomeAlerts = z.infer<typeof homeAlertsSchema>;

/** Delivery of 15-minute slots to the boards: the mapped devices' slots by IST day, added over the industries in view. */
export const homeDeliverySchema = z.object({
  /** Industries in view mapped to a board (for a board's officer: to that board). */
  mappedIndustries: count,
  /** The board whose officer this is (for a link to its view); null for everyone else. */
  statId: z.number().int().nullable(),
  /** Today (IST) so far. */
  today: complianceDaySchema,
  /** The last `HOME_DELIVERY_DAYS` days, oldest first, today last. */
  days: z.array(complianceDaySchema),
});
export type HomeDelivery = z.infer<typeof homeDeliverySchema>;

/** A subscription ending soon. */
export const expiringSubscriptionSchema = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  planCode: z.string(),
  planName: z.string(),
  /** The period's last day (`YYYY-MM-DD`). */
  periodEnd: z.string(),
  /** Days from today (India) to the period's end. */
  daysLeft: count,
  /** It ends for good (cancelled at its period's end) rather than being due for renewal. */
  cancelAtPeriodEnd: z.boolean(),
});
export type ExpiringSubscription = z.infer<typeof expiringSubscriptionSchema>;

export const homeSubscriptionsSchema = z.object({
  /** Active subscriptions whose period ends within `RENEWAL_WINDOW_DAYS` (after today, up to that day). */
  expiring: count,
  /** The soonest ones, soonest first (`HOME_EXPIRING_LISTED` at most). */
  soonest: z.array(expiringSubscriptionSchema),
});
export type HomeSubscriptions = z.infer<typeof homeSubscriptionsSchema>;

/** An industry's own plan: its current subscription as it is today. */
export const homePlanSchema = z.object({
  tenantId: z.number().int(),
  /** Null when the industry has no subscription. */
  planCode: z.string().nullable(),
  planName: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  periodEnd: z.string().nullable(),
  /** Days from today (India) to the period's end; null without one, negative once it has passed. */
  daysLeft: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type HomePlan = z.infer<typeof homePlanSchema>;

/** `GET /api/home/overview`: each part is null when it is not for this view. */
export const homeOverviewSchema = z.object({
  view: z.enum(HOME_VIEWS),
  /** When the numbers were worked out (ISO). */
  generatedAt: z.string(),
  /** The industries by status, partners and users in view (the counts of `GET /api/home/summary`). */
  accounts: homeSummarySchema,
  /** Industries by the freshness of their newest data; null on an industry's own home. */
  industries: freshnessCountsSchema.nullable(),
  /** Monitoring points (not deleted) by the freshness of their devices' newest data. */
  monitoringPoints: freshnessCountsSchema,
  alerts: homeAlertsSchema,
  delivery: homeDeliverySchema,
  /** For the platform and partners. */
  subscriptions: homeSubscriptionsSchema.nullable(),
  /** For an industry's own home. */
  plan: homePlanSchema.nullable(),
});
export type HomeOverview = z.infer<typeof homeOverviewSchema>;
