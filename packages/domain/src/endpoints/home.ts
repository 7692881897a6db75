import { defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { homeOverviewSchema } from '../home.js';
import { homeSummarySchema } from '../system.js';

/** The home screen. */
export const homeEndpoints = {
  getHomeSummary: defineEndpoint({
    method: 'GET',
    path: '/api/home/summary',
    operationId: 'getHomeSummary',
    tag: 'home',
    summary: 'Counts for the home screen, within your scope',
    access: SIGNED_IN,
    response: homeSummarySchema,
  }),
  getHomeOverview: defineEndpoint({
    method: 'GET',
    path: '/api/home/overview',
    operationId: 'getHomeOverview',
    tag: 'home',
    summary: 'What the home screen shows first, for your user type and within your scope',
    description:
      'Monitoring points and industries by freshness (LIVE / DELAYED / OFFLINE), open alerts by type with the newest few ' +
      'and the count in the 24-hour window, the slots delivered to the boards today (IST) and on each of the last ' +
      '7 days, and the subscriptions ending within 30 days (platform and partners) or the industry’s own plan.',
    access: SIGNED_IN,
    response: homeOverviewSchema,
  }),
};
