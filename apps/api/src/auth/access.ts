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
  'GET /api/health': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'GET /api/logout': PUBLIC,
  'GET /api/users/loggedin': SIGNED_IN,
  'POST /api/users/:id/password/update': SIGNED_IN,
  'PATCH /api/users/:id': only(['site', 'partner', 'tenant'], ['admin']),

  // Tenants (industries) and other accounts; record scope is checked in the services
  'POST /api/tenants/:id/resendActivation': only(['site', 'partner', 'tenant'], ['admin']),

  // Users
  'GET /api/users': only(['site', 'partner', 'tenant', 'corporate', 'statutory']),
  'POST /api/users': only(['site', 'partner', 'tenant'], ['admin']),
  'PUT /api/users/:id': only(['site', 'partner', 'tenant'], ['admin']),
  'POST /api/users/reset/:accountId/:userId': only(['site', 'partner', 'tenant'], ['admin']),
  'POST /api/setPrimaryUserForTenant/:userId/:tenantId': only(['site', 'partner'], ['admin']),
  'GET /api/tenant/users/:id': SIGNED_IN,
  'GET /api/auth/password-token/:token': PUBLIC,
  'POST /api/auth/set-password': PUBLIC,

  // Audit trail and activity logs (scoped to the tenants the principal can see)
  'GET /api/auditLogs': only(['site', 'partner', 'tenant'], ['admin']),
  'GET /api/auditDetails/:id': only(['site', 'partner', 'tenant'], ['admin']),
  'GET /api/auditLog': only(['site']),
  'GET /api/logs': only(['site', 'partner', 'tenant'], ['admin']),

  // Derived parameters: catalogue master data too; the energy screens list the energy ones
  'GET /api/derivedParameters': SIGNED_IN,
  'GET /api/derivedParameters/keys': SIGNED_IN,
  'GET /api/derivedParameters/:id': SIGNED_IN,
  'POST /api/derivedParameters': only(['site']),
  'PUT /api/derivedParameters/:id': only(['site']),
  'DELETE /api/derivedParameters/:id': only(['site']),
  'GET /api/energy/derivedmetrics': SIGNED_IN,

  // Energy module catalogue (metrics, energy parameters): platform master data like the parameters
  'GET /api/energy/metrics': SIGNED_IN,
  'GET /api/energy/metrics/:id': SIGNED_IN,
  'POST /api/energy/metrics': only(['site']),
  'PUT /api/energy/metrics/:id': only(['site']),
  'DELETE /api/energy/metrics/:id': only(['site']),
  'GET /api/energy/parameters': SIGNED_IN,
  'GET /api/energy/parameters/:id': SIGNED_IN,
  'POST /api/energy/parameters': only(['site']),
  'PUT /api/energy/parameters/:id': only(['site']),
  'DELETE /api/energy/parameters/:id': only(['site']),

  // Device makes and models (read side) and diagnostic parameters; reads are scoped in the service
  'GET /api/make': SIGNED_IN,
  'GET /api/Analyser/make': SIGNED_IN,
  'GET /api/Calibrator/make': SIGNED_IN,
  'GET /api/modelByMake/:makeId': SIGNED_IN,
  'GET /api/diagnosticParams': SIGNED_IN,
  'GET /api/diagnosticParams/:id': SIGNED_IN,
  'POST /api/diagnosticParams': only(['site']),
  'PUT /api/diagnosticParams/:id': only(['site']),
  'DELETE /api/diagnosticParams/:id': only(['site']),

  // Reference lists: entity types, time zones, master categories
  'GET /api/entityProps': SIGNED_IN,
  'GET /api/timezones': SIGNED_IN,
  'GET /api/masterCategories': SIGNED_IN,
  'POST /api/masterCategories': only(['site']),
  'PUT /api/masterCategories/:id': only(['site']),
  'DELETE /api/masterCategories/:id': only(['site']),
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
