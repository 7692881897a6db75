import {
  isAccessAllowed,
  isPublicPath,
  type EndpointAccess,
  type LoggedInUser,
  type Role,
  type UserType,
} from '@vayu/domain';
import { matchPath } from 'react-router';
import { LOGIN_PATH, ROOT_PATH, UNAUTHORISED_PATH } from './paths';

export { HOME_PATH, LOGIN_PATH, ROOT_PATH, UNAUTHORISED_PATH } from './paths';

/**
 * Who may open a route. Without an access setting any signed-in user may
 * (spec §2: '/', '/home' and '/manage/{accountType}/discounts' have none).
 * With one, every listed condition must hold. A screen that exists to call
 * one endpoint takes that endpoint's own access rule (`EndpointAccess`), so
 * the console and the API decide from one table.
 */
export type RouteAccess =
  | {
      userTypes?: readonly UserType[];
      roles?: readonly Role[];
    }
  | EndpointAccess;

/** The part of a route-table row that decides where a visitor may go. */
export interface RouteRule {
  /** React Router path pattern, e.g. `/manage/:accountType/discounts`. */
  path: string;
  /** Opens without signing in (sign-in page, public dashboards). */
  public?: boolean;
  access?: RouteAccess;
  /**
   * A further rule that reads the path's parameters (adding versus editing,
   * the type of account): a signed-in user it refuses goes to /unauthorised.
   */
  allowsPath?: (params: Readonly<Record<string, string | undefined>>, user: LoggedInUser) => boolean;
  /** A route with no screen of its own: always sends the visitor on. */
  redirect?: (user: LoggedInUser | null) => string;
}

export type RouteDecision = { type: 'allow' } | { type: 'redirect'; to: string };

const ALLOW: RouteDecision = { type: 'allow' };

export function hasAccess(
  access: RouteAccess | undefined,
  user: Pick<LoggedInUser, 'userType' | 'role'>,
): boolean {
  if (!access) return true;
  if ('kind' in access) return isAccessAllowed(access, user);
  if (access.userTypes && !access.userTypes.includes(user.userType)) return false;
  if (access.roles && !access.roles.includes(user.role)) return false;
  return true;
}

/**
 * Spec §2/§4 for one route: public routes and public paths open for anyone;
 * otherwise a visitor who is not signed in goes to /login, and a signed-in user
 * without access goes to /unauthorised.
 */
export function decideRouteAccess(
  rule: RouteRule,
  pathname: string,
  user: LoggedInUser | null,
): RouteDecision {
  if (rule.redirect) return { type: 'redirect', to: rule.redirect(user) };
  if (rule.public || isPublicPath(pathname)) return ALLOW;
  if (!user) return { type: 'redirect', to: LOGIN_PATH };
  if (!hasAccess(rule.access, user)) return { type: 'redirect', to: UNAUTHORISED_PATH };
  if (rule.allowsPath) {
    const match = matchPath({ path: rule.path, end: true }, pathname);
    if (match && !rule.allowsPath(match.params, user)) return { type: 'redirect', to: UNAUTHORISED_PATH };
  }
  return ALLOW;
}

export function findRouteRule<R extends RouteRule>(rules: readonly R[], pathname: string): R | undefined {
  return rules.find((rule) => matchPath({ path: rule.path, end: true }, pathname) !== null);
}

/** Where a visit to `pathname` leads: the route's own decision, or '/' for an unknown path. */
export function resolveNavigation(
  rules: readonly RouteRule[],
  pathname: string,
  user: LoggedInUser | null,
): RouteDecision {
  const rule = findRouteRule(rules, pathname);
  if (!rule) return { type: 'redirect', to: ROOT_PATH };
  return decideRouteAccess(rule, pathname, user);
}
