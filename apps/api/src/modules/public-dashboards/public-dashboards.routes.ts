import type { FastifyInstance } from 'fastify';
import { PUBLIC_DASHBOARD_CACHE_SECONDS, publicDashboardsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { PublicDashboardsService } from './public-dashboards.service.js';

export async function publicDashboardsRoutes(
  app: FastifyInstance,
  { publicDashboards }: { publicDashboards: PublicDashboardsService },
) {
  registerEndpoints(app, publicDashboardsEndpoints, {
    getPublicDashboardSettings: ({ query }, request) =>
      publicDashboards.get(contextOf(request), query.tenantId),
    savePublicDashboard: ({ body }, request) => publicDashboards.save(contextOf(request), body),
    revokePublicDashboard: ({ query }, request) =>
      publicDashboards.revoke(contextOf(request), query.tenantId),
    getPublicDashboardView: async ({ query }, _request, reply) => {
      // An error (an unknown or revoked link) is never reused.
      reply.header('cache-control', 'no-store');
      const view = await publicDashboards.view(query.publicTenantId);
      reply.header('cache-control', `public, max-age=${PUBLIC_DASHBOARD_CACHE_SECONDS}`);
      return view;
    },
  });
}
