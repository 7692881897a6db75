import { Navigate, useLocation } from 'react-router';
import { decideRouteAccess } from './route-access';
import type { AppRoute } from './routes';
import { useSessionUser } from './session';

/**
 * Renders a route's page when the visitor may open it, otherwise redirects
 * (to /login, /unauthorised or the route's own target). It re-renders when the
 * session changes, so a 401 or a sign-out in another tab leads to /login.
 */
export function RouteGuard({ route }: { route: AppRoute }) {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const decision = decideRouteAccess(route, pathname, user);
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  const { Page } = route;
  return Page ? <Page /> : null;
}
