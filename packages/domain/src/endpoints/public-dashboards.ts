import {
  publicDashboardBodySchema,
  publicDashboardQuerySchema,
  publicDashboardSettingsSchema,
  publicDashboardViewSchema,
  publicViewQuerySchema,
} from '../public-dashboards.js';
import { ACCOUNT_ADMINS, defineEndpoint, PUBLIC, PUBLIC_DASHBOARD_READERS } from '../endpoint.js';

/** Who opts an industry in, changes what it shows and revokes its link: their administrators. */
export const PUBLIC_DASHBOARD_KEEPERS = ACCOUNT_ADMINS;

/**
 * An industry's public dashboard: its settings in the console, and the public
 * API its link reads. On a public dashboard page the console's `/api/…` calls
 * become `/public/api/…?publicTenantId=…`, so both share a name.
 */
export const publicDashboardsEndpoints = {
  getPublicDashboardSettings: defineEndpoint({
    method: 'GET',
    path: '/api/publicDashboard',
    operationId: 'getPublicDashboardSettings',
    tag: 'public-dashboards',
    summary:
      'An industry’s public dashboard (null when it has not opted in) and the monitoring points and parameters it may show',
    access: PUBLIC_DASHBOARD_READERS,
    query: publicDashboardQuerySchema,
    response: publicDashboardSettingsSchema,
    errors: ['NOT_FOUND'],
  }),
  savePublicDashboard: defineEndpoint({
    method: 'PUT',
    path: '/api/publicDashboard',
    operationId: 'savePublicDashboard',
    tag: 'public-dashboards',
    summary:
      'Opt an industry in to a public dashboard (a new unguessable link), or change what its live one shows from the version the form started from',
    access: PUBLIC_DASHBOARD_KEEPERS,
    body: publicDashboardBodySchema,
    response: publicDashboardSettingsSchema,
    errors: ['NOT_FOUND', 'STALE_VERSION'],
  }),
  revokePublicDashboard: defineEndpoint({
    method: 'DELETE',
    path: '/api/publicDashboard',
    operationId: 'revokePublicDashboard',
    tag: 'public-dashboards',
    summary: 'Revoke an industry’s public dashboard: its link answers 404 from now on',
    access: PUBLIC_DASHBOARD_KEEPERS,
    query: publicDashboardQuerySchema,
    response: publicDashboardSettingsSchema,
    errors: ['NOT_FOUND'],
  }),
  getPublicDashboardView: defineEndpoint({
    method: 'GET',
    path: '/public/api/publicDashboard',
    operationId: 'getPublicDashboardView',
    tag: 'public-api',
    summary:
      'A public dashboard: the latest 15-minute values an industry chose to publish, with 24-hour series',
    description: [
      'No sign-in. `publicTenantId` is the public id in the dashboard’s link',
      '(`/public/dashboard/industry/{publicTenantId}`). The answer holds only the monitoring points and',
      'parameters the industry chose: each parameter’s newest 15-minute value in the last 24 hours, its',
      'unit, when its analyser last sent data and the freshness that gives (LIVE under 4 hours, DELAYED',
      '4 to 8 hours, OFFLINE beyond), and, when the industry shows charts, the 24 hours of 15-minute values.',
      'Answers may be reused for 30 seconds (`Cache-Control: public, max-age=30`). An unknown or revoked',
      'id is 404 NOT_FOUND at once. Each client address may call it a limited number of times a minute',
      '(120 by default); past that it is 429 RATE_LIMITED with `Retry-After` in seconds.',
    ].join(' '),
    access: PUBLIC,
    query: publicViewQuerySchema,
    response: publicDashboardViewSchema,
    errors: ['NOT_FOUND'],
    limitedPerClient: true,
  }),
};
