import type { FastifyInstance } from 'fastify';
import { appVendorsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { AppVendorsService } from './app-vendors.service.js';
import { attachmentOf } from '../../lib/content-disposition.js';

export async function appVendorsRoutes(
  app: FastifyInstance,
  { appVendors }: { appVendors: AppVendorsService },
) {
  registerEndpoints(app, appVendorsEndpoints, {
    listAppVendors: ({ query }, request) => appVendors.list(contextOf(request), query),
    createAppVendor: ({ body }, request) => appVendors.create(contextOf(request), body),
    regenerateAppVendorToken: ({ params }, request) =>
      appVendors.regenerateToken(contextOf(request), params.id),
    listAppVendorTenants: ({ params, query }, request) =>
      appVendors.listTenants(contextOf(request), params.id, query),
    listAvailableAppVendorTenants: ({ params, query }, request) =>
      appVendors.listAvailableTenants(contextOf(request), params.id, query.search),
    addAppVendorTenants: ({ params, body }, request) =>
      appVendors.addTenants(contextOf(request), params.id, body.listOftenantIds),
    removeAppVendorTenant: ({ params }, request) =>
      appVendors.removeTenant(contextOf(request), params.id, params.tenantId),
    listTenantAppVendors: ({ params, query }, request) =>
      appVendors.listTenantApps(contextOf(request), params.tenantId, query),
    downloadVendorMetaSheet: async ({ params }, request, reply) => {
      const sheet = await appVendors.metaSheet(contextOf(request), params.tenantId, params.tenantName);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentOf(sheet.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(sheet.csv);
    },
  });
}
