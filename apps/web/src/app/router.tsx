import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.js';
import { setNavigator } from '../lib/navigation.js';
import { guardLoader } from './guard.js';
import DefaultLayout from './layouts/DefaultLayout.js';
import type { AppRoute } from './route-types.js';
import { adminAreaRoutes, fullScreenRoutes, siteRoutes } from './routes.js';

// The site layout (navigation bar, footer, antd Button/Space/Grid, the icon base) is part of the entry: every
// public page draws it first, and as a lazy chunk it came as ~20 small files right after the entry (each with its
// own response headers and brotli context; home 210.8 -> 199.4 KB on the wire). Admin pages carry it (~10 KB).
const AdminLayout = lazy(() => import('./layouts/AdminLayout.js'));
const NotFoundPage = lazy(() => import('../components/NotFoundPage.js'));
const AdminLoginPage = lazy(() => import('../features/admin/pages/AdminLoginPage.js'));

/**
 * Shown while the first navigation's loaders (the guard) run. Without one React Router warns "No
 * `HydrateFallback` element provided" on every first load.
 */
const fallback = <PageLoading />;

const lazyCache = new WeakMap<object, ComponentType>();

/** Wraps a dynamic import as a lazy element inside Suspense (one React.lazy per route entry). */
function pageElement(route: AppRoute) {
  if (!route.page) return undefined;
  let Page = lazyCache.get(route);
  if (!Page) {
    Page = lazy(route.page);
    lazyCache.set(route, Page);
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/** Converts the app's route table to React Router objects, attaching the guard loader where meta asks. */
export function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map((r): RouteObject => {
    const element = r.redirect ? <Navigate key="redirect" to={r.redirect} replace /> : pageElement(r);
    const loader = r.meta ? guardLoader(r.meta) : undefined;
    const handle = r.meta ?? {};
    const hydrateFallbackElement = loader ? fallback : undefined;
    if (r.index) return { index: true, element, loader, handle, hydrateFallbackElement };
    return {
      path: r.path,
      element,
      loader,
      handle,
      hydrateFallbackElement,
      children: r.children && toRouteObjects(r.children),
    };
  });
}

function suspended(el: React.ReactNode) {
  return <Suspense fallback={<PageLoading />}>{el}</Suspense>;
}

/**
 * Route objects: admin login, guarded admin layout, full-screen pages, public layout, and the catch-alls of doc 1
 * §2.1.
 */
export const routeObjects: RouteObject[] = [
  {
    path: '/admin/login',
    element: suspended(<AdminLoginPage />),
    hydrateFallbackElement: fallback,
  },
  {
    path: '/admin',
    element: suspended(<AdminLayout />),
    loader: guardLoader({ requireAdmin: true }),
    hydrateFallbackElement: fallback,
    children: [
      ...toRouteObjects(adminAreaRoutes),
      { path: '*', element: <Navigate to="/admin/login" replace /> },
    ],
  },
  // Full-screen pages (the scroll board): no site layout around them.
  ...toRouteObjects(fullScreenRoutes).map((r) => ({ ...r, path: `/${r.path}` })),
  {
    path: '/',
    element: suspended(<DefaultLayout />),
    hydrateFallbackElement: fallback,
    children: [...toRouteObjects(siteRoutes), { path: '*', element: suspended(<NotFoundPage />) }],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, created on first use: after i18n is ready (main.tsx awaits it), so guard messages of the
 * first navigation are translated.
 */
export function getRouter(): ReturnType<typeof createBrowserRouter> {
  if (!router) {
    const r = createBrowserRouter(routeObjects);
    setNavigator((to, opts) => void r.navigate(to, opts));
    router = r;
  }
  return router;
}
