import { type ComponentType, lazy, Suspense } from 'react';
import {
  createBrowserRouter,
  matchPath,
  matchRoutes,
  Navigate,
  type NonIndexRouteObject,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { PageLoading } from '../components/PageLoading.js';
import { setNavigator } from '../lib/navigation.js';
import { guardLoader, sessionPasses } from './guard.js';
import DefaultLayout from './layouts/DefaultLayout.js';
import type { AppRoute, RouteMeta } from './route-types.js';
import { adminAreaRoutes, adminEagerRoutes, fullScreenRoutes, siteRoutes } from './routes.js';

// The site layout (navigation bar, footer, antd Button/Space/Grid, the icon base) is part of the entry: every
// public page draws it first, and as a lazy chunk it came as ~20 small files right after the entry (each with its
// own response headers and brotli context; home 210.8 -> 199.4 KB on the wire). Admin pages carry it (~10 KB).
const loadAdminLayout = () => import('./layouts/AdminLayout.js');
const AdminLayout = lazy(loadAdminLayout);
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

/** The page (or layout) module of each route object, so the pages of a discovered address can be preloaded. */
const pageOf = new WeakMap<RouteObject, { load: () => Promise<unknown>; meta?: RouteMeta }>();

/** A route whose children arrive as their own chunk (`AppRoute.lazyChildren`). */
interface LazyParent {
  /** The route's id, where `patch` attaches the children. */
  id: string;
  /** Its full path pattern (`/group/:groupID`). */
  pattern: string;
  /** Our copy of the route object: its `children` grow when the table arrives, for `matchRoutes` here. */
  object: RouteObject;
  /** The children as route objects, fetched once (again after a failure). */
  load: () => Promise<RouteObject[]>;
  loaded?: RouteObject[];
}
const lazyParents: LazyParent[] = [];

function joinPath(base: string, path: string | undefined): string {
  if (!path) return base;
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/$/, '')}/${path}`;
}

/** Registers `object` (full path `pattern`) as a lazy parent whose children come from `table`. */
function lazyParent(
  object: NonIndexRouteObject,
  pattern: string,
  table: () => Promise<AppRoute[]>,
): RouteObject {
  let pending: Promise<RouteObject[]> | undefined;
  const parent: LazyParent = {
    id: `lazy:${pattern}`,
    pattern,
    object,
    load: () => {
      pending ??= table().then(
        (routes) => {
          const children = toRouteObjects(routes, pattern);
          parent.loaded = children;
          object.children = [...(object.children ?? []), ...children];
          return children;
        },
        (e: unknown) => {
          pending = undefined;
          throw e;
        },
      );
      return pending;
    },
  };
  // React Router asks for routes only when an address is unmatched or matched through a param or a catch-all:
  // without a param, the parent needs a catch-all child (its addresses) and an index child (its own address).
  if (
    !pattern.includes(':') &&
    !(object.children?.some((c) => c.path === '*') && object.children.some((c) => c.index))
  )
    throw new Error(
      `lazyChildren on ${pattern}: its path needs a param, or a '*' and an index child, to be discovered`,
    );
  object.id = parent.id;
  object.children ??= [];
  lazyParents.push(parent);
  return object;
}

/**
 * Converts the app's route table to React Router objects, attaching the guard loader where meta asks.
 * `base` is the full path of the routes' parent (for the patterns of lazy parents).
 */
export function toRouteObjects(routes: AppRoute[], base = '/'): RouteObject[] {
  return routes.map((r): RouteObject => {
    const element = r.redirect ? <Navigate key="redirect" to={r.redirect} replace /> : pageElement(r);
    const loader = r.meta ? guardLoader(r.meta) : undefined;
    const handle = r.meta ?? {};
    const hydrateFallbackElement = loader ? fallback : undefined;
    let object: RouteObject;
    if (r.index) object = { index: true, element, loader, handle, hydrateFallbackElement };
    else {
      const full = joinPath(base, r.path);
      const parent: NonIndexRouteObject = {
        path: r.path,
        element,
        loader,
        handle,
        hydrateFallbackElement,
        children: r.children && toRouteObjects(r.children, full),
      };
      object = r.lazyChildren ? lazyParent(parent, full, r.lazyChildren) : parent;
    }
    if (r.page) pageOf.set(object, { load: r.page, meta: r.meta });
    return object;
  });
}

function suspended(el: React.ReactNode) {
  return <Suspense fallback={<PageLoading />}>{el}</Suspense>;
}

const adminLayoutRoute: NonIndexRouteObject = {
  path: '/admin',
  element: suspended(<AdminLayout />),
  loader: guardLoader({ requireAdmin: true }),
  hydrateFallbackElement: fallback,
  children: [
    ...toRouteObjects(adminEagerRoutes, '/admin'),
    { path: '*', element: <Navigate to="/admin/login" replace /> },
  ],
};
pageOf.set(adminLayoutRoute, { load: loadAdminLayout, meta: { requireAdmin: true } });

/**
 * Route objects: admin login, guarded admin layout (its pages discovered on the first visit of /admin/...),
 * full-screen pages, public layout, and the catch-alls of doc 1 §2.1.
 */
export const routeObjects: RouteObject[] = [
  {
    path: '/admin/login',
    element: suspended(<AdminLoginPage />),
    hydrateFallbackElement: fallback,
  },
  lazyParent(adminLayoutRoute, '/admin', adminAreaRoutes),
  // Full-screen pages (the scroll board): no site layout around them.
  ...toRouteObjects(fullScreenRoutes).map((r) => ({ ...r, path: `/${r.path}` })),
  {
    path: '/',
    element: suspended(<DefaultLayout />),
    hydrateFallbackElement: fallback,
    children: [...toRouteObjects(siteRoutes), { path: '*', element: suspended(<NotFoundPage />) }],
  },
];

/**
 * The lazy parents an address needs: those whose pattern starts it, when the routes known so far either end in a
 * catch-all there (`/group/5/problem` before the group's tabs are known) or stop at the parent (`/group/5`).
 */
function lazyParentsFor(pathname: string): LazyParent[] {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  const last = matches[matches.length - 1]?.route;
  const caught = !last || last.path === '*';
  return lazyParents.filter(
    (p) =>
      matchPath({ path: p.pattern, end: false }, pathname) &&
      (caught || matches.some((m) => m.route === p.object)),
  );
}

/**
 * Starts fetching a route's page (or layout) chunk when the session passes its meta; false when it does not (the
 * guard will send the visitor elsewhere, so neither this page nor the pages under it are fetched).
 */
function preloadPage(route: RouteObject): boolean {
  const page = pageOf.get(route);
  if (!page) return true;
  if (!sessionPasses(page.meta)) return false;
  page.load().catch(() => undefined);
  return true;
}

/**
 * Fetches the child tables an address needs (nested ones too) and resolves with their parents, outermost first.
 * Each parent's own page (the back-office layout, a group's shell) is fetched meanwhile, as it was before the
 * table was split off. Rejects when a table cannot be fetched (the router then shows its error page, as for a
 * failed page chunk).
 */
async function discover(pathname: string): Promise<LazyParent[]> {
  const found: LazyParent[] = [];
  for (;;) {
    const next = lazyParentsFor(pathname).filter((p) => !found.includes(p));
    if (next.length === 0) return found;
    for (const p of next) preloadPage(p.object);
    await Promise.all(next.map((p) => p.load()));
    found.push(...next);
  }
}

/**
 * Starts fetching the page (and layout) chunks of every route `pathname` matches, all at once: a discovered
 * area's tab costs no round trip more than before its table was split off (nested pages used to load one after
 * the other: shell, then tab).
 */
function preloadPages(pathname: string): void {
  for (const m of matchRoutes(routeObjects, pathname) ?? []) if (!preloadPage(m.route)) return;
}

/**
 * Called by main.tsx before i18n is ready: a hard load of an address inside a lazily discovered area (the back
 * office, a group, a contest) fetches the area's table and pages while the `common` dictionary loads, so the
 * first navigation finds them ready instead of waiting one more round trip.
 */
export function preloadRoutesFor(pathname: string): void {
  discover(pathname).then(
    (found) => found.length > 0 && preloadPages(pathname),
    () => undefined,
  );
}

/**
 * React Router's lazy route discovery (`patchRoutesOnNavigation` of the router): when an address is not matched by
 * the routes known so far (or matched through a param or a catch-all), the child tables it needs are fetched and
 * patched in, and the pages it opens start loading. One patcher per router: a parent is patched once.
 */
export function routePatcher(): PatchRoutesOnNavigationFunction {
  const patched = new Set<LazyParent>();
  return async ({ path, patch, signal }) => {
    const found = await discover(path);
    if (signal.aborted) return;
    for (const p of found) {
      if (patched.has(p) || !p.loaded) continue;
      patch(p.id, p.loaded);
      patched.add(p);
    }
    if (found.length > 0) preloadPages(path);
  };
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, created on first use: after i18n is ready (main.tsx awaits it), so guard messages of the
 * first navigation are translated.
 */
export function getRouter(): ReturnType<typeof createBrowserRouter> {
  if (!router) {
    const r = createBrowserRouter(routeObjects, { patchRoutesOnNavigation: routePatcher() });
    setNavigator((to, opts) => void r.navigate(to, opts));
    router = r;
  }
  return router;
}
