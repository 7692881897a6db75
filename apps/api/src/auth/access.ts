import { ALL_ENDPOINTS, endpointKey, isAccessAllowed, PUBLIC, type EndpointAccess } from '@vayu/domain';

/** Who may call a route. Record-level rules (404/403 per record) live in the services. */
export type RouteAccess = EndpointAccess;

/**
 * The authorization table: who may call each `/api` route, read from the
 * endpoint definitions of `@vayu/domain` (each route carries its own
 * definition too). A route registered without a definition stops the start.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = Object.fromEntries(
  ALL_ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint.access]),
);

/** The OpenAPI document and its viewer are public. */
const PUBLIC_PREFIXES = ['/api/docs'];

/** Routes that are not endpoints of the product: the OpenAPI document and its viewer. */
export function findRouteAccess(method: string, url: string): RouteAccess | undefined {
  if (PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return PUBLIC;
  return ROUTE_ACCESS[`${method} ${url}`];
}

export const isAllowed = isAccessAllowed;
