import { getRootRedirect, type LoggedInUser } from '@vayu/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { en } from '../i18n/locales/en';
import { decideRouteAccess, type RouteRule } from './route-access';

type NavLabelKey = `nav.${Exclude<keyof typeof en.nav, 'main' | 'toggle'>}`;

/** One row of the route table. */
export interface AppRoute extends RouteRule {
  /** The screen, loaded on first visit (one chunk per page). */
  Page?: LazyExoticComponent<ComponentType>;
  /** Shown as a header link to users who may open it. */
  nav?: { labelKey: NavLabelKey };
}

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LoginPage = page(
  () => import('../features/auth/login-page'),
  (m) => m.LoginPage,
);
const UnauthorisedPage = page(
  () => import('../features/auth/unauthorised-page'),
  (m) => m.UnauthorisedPage,
);
const HomePage = page(
  () => import('../features/home/home-page'),
  (m) => m.HomePage,
);
const ProfilePage = page(
  () => import('../features/profile/profile-page'),
  (m) => m.ProfilePage,
);
const PartnerList = page(
  () => import('../features/accounts/partner-list'),
  (m) => m.PartnerList,
);

/**
 * Every route of the console, with who may open it (spec §2, §4). No `access`
 * means any signed-in user; `public` means no sign-in is needed. Paths not
 * listed here redirect to '/'. New screens add a row here.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', redirect: getRootRedirect },
  { path: '/login', public: true, Page: LoginPage },
  { path: '/unauthorised', public: true, Page: UnauthorisedPage },
  { path: '/home', Page: HomePage, nav: { labelKey: 'nav.home' } },
  { path: '/profile', Page: ProfilePage },
  {
    path: '/partners',
    access: { userTypes: ['site'] },
    Page: PartnerList,
    nav: { labelKey: 'nav.partners' },
  },
];

/** The header links a user may follow, in table order. */
export function getNavRoutes(user: LoggedInUser | null, routes: readonly AppRoute[] = APP_ROUTES) {
  if (!user) return [];
  return routes.filter(
    (route): route is AppRoute & Required<Pick<AppRoute, 'nav'>> =>
      route.nav !== undefined && decideRouteAccess(route, route.path, user).type === 'allow',
  );
}
