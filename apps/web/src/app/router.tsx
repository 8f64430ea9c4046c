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

/** A route whose children arrive as their own chunk (`AppRoute.lazyChildren`). */
interface LazyParent {
  /** The route's id, where `patch` attaches the children. */
  id: string;
  /** Its full path pattern (`/group/:groupID`). */
  pattern: string;
  /** Our copy of the route object: its `children` grow when the table arrives, for `matchRoutes` here. */
  object: RouteObject;
  /** The parent's own page (or layout) chunk and meta, fetched beside the table when the session passes the meta. */
  page?: { load: () => Promise<unknown>; meta?: RouteMeta };
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

/**
 * Registers `object` (full path `pattern`) as a lazy parent whose children come from `table`; `page` is its own
 * page (or layout) chunk with the meta guarding it.
 */
function lazyParent(
  object: NonIndexRouteObject,
  pattern: string,
  table: () => Promise<AppRoute[]>,
  page?: LazyParent['page'],
): RouteObject {
  let pending: Promise<RouteObject[]> | undefined;
  const parent: LazyParent = {
    id: `lazy:${pattern}`,
    pattern,
    object,
    page,
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
      object = r.lazyChildren
        ? lazyParent(parent, full, r.lazyChildren, r.page && { load: r.page, meta: r.meta })
        : parent;
    }
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
  lazyParent(adminLayoutRoute, '/admin', adminAreaRoutes, {
    load: loadAdminLayout,
    meta: { requireAdmin: true },
  }),
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
 * Starts fetching a lazy parent's own page (or layout) chunk, unless the session fails its meta (the guard will
 * send the visitor elsewhere).
 */
function preloadPage({ page }: LazyParent): void {
  if (page && sessionPasses(page.meta)) page.load().catch(() => undefined);
}

/**
 * Fetches the child tables an address needs (nested ones too) and resolves with their parents, outermost first.
 * With `pages`, the own page of each parent whose table is not there yet (the back-office layout, a group's
 * shell) is fetched meanwhile, so a client-side navigation waits for the two at once, not one after the other.
 * Nothing else is preloaded: the pages under a parent load when it renders them, as before (preloading them too,
 * or the parent's page when its table is already there, put a burst of chunk requests and module evaluation
 * before the first render and held up the layout's API calls behind HTTP/1.1's six connections). Rejects when a
 * table cannot be fetched (the router then shows its error page, as for a failed page chunk).
 */
async function discover(pathname: string, pages: boolean): Promise<LazyParent[]> {
  const found: LazyParent[] = [];
  for (;;) {
    const next = lazyParentsFor(pathname).filter((p) => !found.includes(p));
    if (next.length === 0) return found;
    if (pages) for (const p of next) if (!p.loaded) preloadPage(p);
    await Promise.all(next.map((p) => p.load()));
    found.push(...next);
  }
}

/**
 * Called by main.tsx while i18n loads: a hard load of an address inside a lazily discovered area (the back
 * office, a group, a contest, a training) fetches the area's route table beside the `common` dictionary, so the
 * first navigation finds it ready. Only the table (a few KB): the pages' chunks start with the router, as before;
 * fetched now they held up the dictionary (six connections per host over HTTP/1.1) and the first render with it.
 */
export function preloadRoutesFor(pathname: string): void {
  discover(pathname, false).catch(() => undefined);
}

/**
 * React Router's lazy route discovery (`patchRoutesOnNavigation` of the router): when an address is not matched by
 * the routes known so far (or matched through a param or a catch-all), the child tables it needs are fetched and
 * patched in. One patcher per router: a parent is patched once.
 */
export function routePatcher(): PatchRoutesOnNavigationFunction {
  const patched = new Set<LazyParent>();
  return async ({ path, patch, signal }) => {
    const found = await discover(path, true);
    if (signal.aborted) return;
    for (const p of found) {
      if (patched.has(p) || !p.loaded) continue;
      patch(p.id, p.loaded);
      patched.add(p);
    }
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
