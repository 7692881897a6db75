import {
  ALL_ENDPOINTS,
  endpointKey,
  isAccessAllowed,
  type EndpointAccess,
  type Role,
  type UserType,
} from '@vayu/domain';

/** Who may call a route. Record-level rules (404/403 per record) live in the services. */
export type RouteAccess = EndpointAccess;

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signed-in' };
const only = (userTypes: readonly UserType[], roles?: readonly Role[]): RouteAccess => ({
  kind: 'signed-in',
  userTypes,
  ...(roles ? { roles } : {}),
});

/**
 * The authorization table: every `/api` route is listed here with who may call
 * it. A route missing from this table makes the server refuse to start.
 */
const LEGACY_ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/home/summary': SIGNED_IN,

  // Partners
  'GET /api/partners': only(['site']),
  'GET /api/partners/:id': only(['site', 'partner']),
  'POST /api/partners': only(['site']),
  'PUT /api/partners/:id': only(['site', 'partner'], ['admin']),
  'POST /api/addPartnerRequest': only(['site']),
  'POST /api/changePartner/:tenantId/:partnerId': only(['site']),
  'GET /api/partnerMigrate/:tenantId/:partnerId': only(['site']),

  // Tenants (industries) and other accounts; record scope is checked in the services
  'GET /api/tenants': only(['site', 'partner', 'corporate', 'statutory']),
  'GET /api/tenant-by-id/:id': SIGNED_IN,
  'POST /api/create/:type': only(['site', 'partner'], ['admin']),
  'PUT /api/tenants/:id': only(['site', 'partner', 'tenant'], ['admin']),
  'PATCH /api/tenants/:id': only(['site', 'partner', 'tenant'], ['admin']),
  'PATCH /api/tenantStatusChangeByUser/:id': only(['site', 'partner'], ['admin']),
  'POST /api/changeTenantStatus/:id': only(['site']),
  'POST /api/changeWorkingStatus': only(['site', 'partner', 'tenant'], ['admin']),
  'GET /api/allSearchTenants/:searchString': only(['site']),
  'GET /api/searchTenants/:searchString': SIGNED_IN,
  'GET /api/tenant-logo/tenants/:id': SIGNED_IN,
  'GET /api/subscription/:tenantId': only(['site', 'partner', 'tenant']),
  'PUT /api/subscription/:tenantId': only(['site', 'partner'], ['admin']),
  'GET /api/address/:accountType/:accountId/:addressType': SIGNED_IN,
  'POST /api/address/:accountType/:accountId/:addressType': only(['site', 'partner', 'tenant'], ['admin']),
  'GET /api/billingAddress/:accountId': SIGNED_IN,
  'POST /api/billingAddress/:accountId': only(['site', 'partner', 'tenant'], ['admin']),
  'POST /api/tenantsApprovalReport/mail': only(['site']),
  'POST /api/tenantApprovalData': only(['site']),
  'POST /api/demoTenantData': only(['site']),
  'GET /api/demoDataRecord': only(['site', 'partner']),

  // Corporates, statutory accounts, industry categories
  'GET /api/corporates': only(['site']),
  'POST /api/corporate': only(['site']),
  'GET /api/statutory/:id': only(['site', 'statutory']),
  'POST /api/statutory/:id': only(['site'], ['admin']),
  'GET /api/industries': SIGNED_IN,
  'POST /api/industry': only(['site']),
  'PUT /api/industry/:id': only(['site']),
  'DELETE /api/industry/:id': only(['site']),
};

/** Every route with who may call it: the endpoint definitions of `@vayu/domain`, and the routes not yet defined there. */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  ...LEGACY_ROUTE_ACCESS,
  ...Object.fromEntries(ALL_ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint.access])),
};

/** The OpenAPI document and its viewer are public. */
const PUBLIC_PREFIXES = ['/api/docs'];

export function findRouteAccess(method: string, url: string): RouteAccess | undefined {
  if (PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return PUBLIC;
  return ROUTE_ACCESS[`${method} ${url}`];
}

export const isAllowed = isAccessAllowed;
