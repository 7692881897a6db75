import { z } from 'zod';
import {
  appVendorCreateBodySchema,
  appVendorListQuerySchema,
  appVendorSchema,
  appVendorTenantListQuerySchema,
  appVendorTenantSchema,
  appVendorTenantsAddedSchema,
  appVendorTenantsBodySchema,
  appVendorWithTokenSchema,
  availableTenantsQuerySchema,
  availableTenantsSchema,
  tenantAppVendorSchema,
  tenantAppVendorsQuerySchema,
} from '../app-vendors.js';
import { APP_VENDOR_MANAGERS, defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema, idSchema } from './common.js';

export const appVendorTenantParamsSchema = z.object({ id: idSchema, tenantId: idSchema });
export const tenantAppVendorsParamsSchema = z.object({ tenantId: idSchema });
/** The industry by id; its name in the path only names the file. */
export const metaSheetParamsSchema = z.object({
  tenantId: idSchema,
  tenantName: z.string().trim().min(1).max(200),
});

const appOwned = { param: 'id', kind: 'appVendor' } as const;

/**
 * Push-data apps and the industries they send readings for. The spec names no
 * paths for these (§7: "add vendor, update token by id, all vendors, tenants of
 * vendor, tenants for an app, add app tenants, tenants to add"), so they are
 * plain REST paths under `/api/appVendors`. A token is in an answer only when
 * it is issued.
 */
export const appVendorsEndpoints = {
  listAppVendors: defineEndpoint({
    method: 'GET',
    path: '/api/appVendors',
    operationId: 'listAppVendors',
    tag: 'app-vendors',
    summary:
      "Push-data apps by name (a partner's own only), searched by app ID or name, with each live token's last characters",
    access: APP_VENDOR_MANAGERS,
    query: appVendorListQuerySchema,
    response: pageOf(appVendorSchema),
  }),
  createAppVendor: defineEndpoint({
    method: 'POST',
    path: '/api/appVendors',
    operationId: 'createAppVendor',
    tag: 'app-vendors',
    summary: 'Add a push-data app; the answer carries its first token, shown this once',
    access: APP_VENDOR_MANAGERS,
    body: appVendorCreateBodySchema,
    status: 201,
    response: appVendorWithTokenSchema,
    errors: ['APP_VENDOR_EXISTS'],
  }),
  regenerateAppVendorToken: defineEndpoint({
    method: 'PUT',
    path: '/api/appVendors/:id/token',
    operationId: 'regenerateAppVendorToken',
    tag: 'app-vendors',
    summary:
      "Regenerate an app's token: the live one stops working at once and the new one is in the answer, shown this once",
    access: APP_VENDOR_MANAGERS,
    params: idParamsSchema,
    response: appVendorWithTokenSchema,
    owned: appOwned,
  }),
  listAppVendorTenants: defineEndpoint({
    method: 'GET',
    path: '/api/appVendors/:id/tenants',
    operationId: 'listAppVendorTenants',
    tag: 'app-vendors',
    summary: 'The industries an app may send readings for, by name, searched by name, paged',
    access: APP_VENDOR_MANAGERS,
    params: idParamsSchema,
    query: appVendorTenantListQuerySchema,
    response: pageOf(appVendorTenantSchema),
    owned: appOwned,
  }),
  listAvailableAppVendorTenants: defineEndpoint({
    method: 'GET',
    path: '/api/appVendors/:id/tenants/available',
    operationId: 'listAvailableAppVendorTenants',
    tag: 'app-vendors',
    summary:
      "Industries that may still be added to an app (a partner's app: the partner's industries), whose names contain the search (names starting with it first), at most 25",
    access: APP_VENDOR_MANAGERS,
    params: idParamsSchema,
    query: availableTenantsQuerySchema,
    response: availableTenantsSchema,
    owned: appOwned,
  }),
  addAppVendorTenants: defineEndpoint({
    method: 'POST',
    path: '/api/appVendors/:id/tenants',
    operationId: 'addAppVendorTenants',
    tag: 'app-vendors',
    summary:
      'Let an app send readings for these industries (`listOftenantIds`, 1 to 100); those already added stay as they are',
    access: APP_VENDOR_MANAGERS,
    params: idParamsSchema,
    body: appVendorTenantsBodySchema,
    response: appVendorTenantsAddedSchema,
    owned: appOwned,
  }),
  removeAppVendorTenant: defineEndpoint({
    method: 'DELETE',
    path: '/api/appVendors/:id/tenants/:tenantId',
    operationId: 'removeAppVendorTenant',
    tag: 'app-vendors',
    summary: "Stop an app sending an industry's readings",
    access: APP_VENDOR_MANAGERS,
    params: appVendorTenantParamsSchema,
    status: 204,
    owned: appOwned,
  }),
  listTenantAppVendors: defineEndpoint({
    method: 'GET',
    path: '/api/tenants/:tenantId/appVendors',
    operationId: 'listTenantAppVendors',
    tag: 'app-vendors',
    summary: "The push-data apps that may send an industry's readings (`/pushData`), by name, paged",
    access: SIGNED_IN,
    params: tenantAppVendorsParamsSchema,
    query: tenantAppVendorsQuerySchema,
    response: pageOf(tenantAppVendorSchema),
    owned: { param: 'tenantId', kind: 'account' },
  }),
  downloadVendorMetaSheet: defineEndpoint({
    method: 'POST',
    path: '/api/vendorMetaSheetForPost/:tenantId/:tenantName',
    operationId: 'downloadVendorMetaSheet',
    tag: 'app-vendors',
    summary:
      "An industry's meta sheet (CSV): each monitoring point, enabled device and enabled parameter with the ids and units a reading to POST /api/ingest names",
    description:
      'One row per enabled parameter of each enabled device: `deviceId`, `parameter` (the key to send), ' +
      '`allowedUnits` (the unit codes a reading may arrive in, separated by " | "), with the monitoring point, ' +
      "the device's serial number and units. The industry is found by `tenantId`; `tenantName` only names the file. " +
      'The console sends its usual context headers (X-Module, X-Tenant-Id, X-Corporate-Id).',
    access: SIGNED_IN,
    params: metaSheetParamsSchema,
    produces: 'text/csv',
    owned: { param: 'tenantId', kind: 'account' },
  }),
};
