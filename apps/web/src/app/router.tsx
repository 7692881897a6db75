import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { RouteErrorPage } from './route-error-page';
import { RouteGuard } from './route-guard';
import { APP_ROUTES, type AppRoute } from './routes';

/** The router's routes, built from the one route table. */
export function buildRouteObjects(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...routes.map((route) => ({ path: route.path, element: <RouteGuard route={route} /> })),
        // Spec §2: unknown paths redirect to '/'.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
