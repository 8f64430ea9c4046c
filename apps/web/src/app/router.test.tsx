import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from './route-types.js';

// Routing only: guards let everything through, and no page chunk is preloaded (the session "passes" nothing).
vi.mock('./guard.js', () => ({ guardLoader: () => () => null, sessionPasses: () => false }));

/** A fresh router module (lazy tables not fetched yet) and a memory router over its routes at `path`. */
async function routerAt(path: string) {
  vi.resetModules();
  const mod = await import('./router.js');
  const router = createMemoryRouter(mod.routeObjects, {
    initialEntries: [path],
    patchRoutesOnNavigation: mod.routePatcher(),
  });
  await settle(router);
  return { mod, router };
}

async function settle(router: ReturnType<typeof createMemoryRouter>) {
  await vi.waitFor(() => {
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
  });
}

/** The matched routes as their paths (`(index)` for an index route). */
function matched(router: ReturnType<typeof createMemoryRouter>): string[] {
  return router.state.matches.map((m) => (m.route.index ? '(index)' : (m.route.path ?? '')));
}

function adminRoute(routes: RouteObject[]): RouteObject {
  const admin = routes.find((r) => r.path === '/admin');
  if (!admin) throw new Error('no /admin route');
  return admin;
}

describe('route table: lazily discovered areas', { timeout: 30_000 }, () => {
  it('keeps the back-office pages out of the initial route tree', async () => {
    vi.resetModules();
    const { routeObjects } = await import('./router.js');
    expect(adminRoute(routeObjects).children?.map((c) => (c.index ? '(index)' : c.path))).toEqual([
      '(index)',
      '*',
    ]);
    const group = routeObjects
      .find((r) => r.path === '/')
      ?.children?.find((r) => r.path === 'group/:groupID');
    expect(group?.children).toEqual([]);
  });

  it('opens a deep link into the back office', async () => {
    const { router } = await routerAt('/admin/problems');
    expect(router.state.location.pathname).toBe('/admin/problems');
    expect(matched(router)).toEqual(['/admin', 'problems']);
    expect(matched((await routerAt('/admin/problem/edit/1000')).router)).toEqual([
      '/admin',
      'problem/edit/:problemId',
    ]);
  });

  it('opens the dashboard, the catch-all of /admin and the admin login page', async () => {
    const dashboard = (await routerAt('/admin')).router;
    expect(matched(dashboard)).toEqual(['/admin', '(index)']);
    expect(adminRoute(dashboard.routes).children).toHaveLength(2);
    expect(matched((await routerAt('/admin/no-such-page')).router)).toEqual(['/admin', '*']);
    const { router } = await routerAt('/admin/login');
    expect(matched(router)).toEqual(['/admin/login']);
    // Neither the login page nor the dashboard fetches the back-office table.
    expect(adminRoute(router.routes).children).toHaveLength(2);
  });

  it('discovers the back office on a client-side navigation', async () => {
    const { router } = await routerAt('/home');
    expect(matched(router)).toEqual(['/', 'home']);
    await router.navigate('/admin/contest/7/problems');
    await settle(router);
    expect(matched(router)).toEqual(['/admin', 'contest/:contestId/problems']);
    expect(router.state.matches.at(-1)?.params).toMatchObject({ contestId: '7' });
  });

  it("opens a group's, a group training's, a contest's and a training's tabs", async () => {
    expect(matched((await routerAt('/group/3')).router)).toEqual(['/', 'group/:groupID', '(index)']);
    expect(matched((await routerAt('/group/3/problem/12')).router)).toEqual([
      '/',
      'group/:groupID',
      'problem/:problemID',
    ]);
    expect(matched((await routerAt('/group/3/training/4/problems')).router)).toEqual([
      '/',
      'group/:groupID',
      'training/:trainingID',
      'problems',
    ]);
    expect(matched((await routerAt('/contest/5/rank')).router)).toEqual(['/', 'contest/:contestID', 'rank']);
    expect(matched((await routerAt('/training/2/problem/1000')).router)).toEqual([
      '/',
      'training/:trainingID',
      'problem/:problemID',
    ]);
  });

  it('leaves the other pages and the 404 as they were', async () => {
    expect(matched((await routerAt('/problem/1000')).router)).toEqual(['/', 'problem/:problemID']);
    expect(matched((await routerAt('/contest/acm-scoreboard/5')).router)).toEqual([
      '/',
      'contest/acm-scoreboard/:contestID',
    ]);
    expect(matched((await routerAt('/group/3/no-such-tab')).router)).toEqual(['/', '*']);
    expect(matched((await routerAt('/no/such/page')).router)).toEqual(['/', '*']);
  });

  it('refuses lazy children the router could never discover', async () => {
    vi.resetModules();
    const { toRouteObjects } = await import('./router.js');
    const table = async (): Promise<AppRoute[]> => [];
    expect(() => toRouteObjects([{ path: 'message', lazyChildren: table }])).toThrow(/needs a param/);
    expect(() =>
      toRouteObjects([{ path: 'message', children: [{ path: '*' }], lazyChildren: table }]),
    ).toThrow(/needs a param/);
    expect(() => toRouteObjects([{ path: 'thing/:id', lazyChildren: table }])).not.toThrow();
  });
});
