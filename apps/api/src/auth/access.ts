import type { Role, UserType } from '@vayu/domain';

/** Who may call a route. Record-level rules (404/403 per record) live in the services. */
export type RouteAccess =
  { kind: 'public' } | { kind: 'signed-in'; userTypes?: readonly UserType[]; roles?: readonly Role[] };

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
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/health': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'GET /api/logout': PUBLIC,
  'GET /api/users/loggedin': SIGNED_IN,
  'POST /api/users/:id/password/update': SIGNED_IN,
  'PATCH /api/users/:id': only(['site', 'partner', 'tenant'], ['admin']),
  'GET /api/home/summary': SIGNED_IN,
  'GET /api/partners': only(['site']),
};

/** The OpenAPI document and its viewer are public. */
const PUBLIC_PREFIXES = ['/api/docs'];

export function findRouteAccess(method: string, url: string): RouteAccess | undefined {
  if (PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return PUBLIC;
  return ROUTE_ACCESS[`${method} ${url}`];
}

export function isAllowed(access: RouteAccess, who: { userType: UserType; role: Role }): boolean {
  if (access.kind === 'public') return true;
  if (access.userTypes && !access.userTypes.includes(who.userType)) return false;
  if (access.roles && !access.roles.includes(who.role)) return false;
  return true;
}
