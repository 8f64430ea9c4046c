import type { AppRoute } from '../../app/route-types.js';

/**
 * The contest pages (doc 2 §2.6-§2.9): the list (public; opening a contest needs login), the outside boards
 * (no login), and the contest shell; its tabs are child routes in `shell-routes.ts`, a chunk of their own.
 */
export const contestRoutes: AppRoute[] = [
  { path: 'contest', page: () => import('./pages/ContestListPage.js') },
  { path: 'contest/acm-scoreboard/:contestID', page: () => import('./pages/OutsideBoardPage.js') },
  { path: 'contest/oi-scoreboard/:contestID', page: () => import('./pages/OutsideBoardPage.js') },
  {
    path: 'contest/:contestID',
    page: () => import('./pages/ContestShellPage.js'),
    meta: { requireAuth: true },
    lazyChildren: () => import('./shell-routes.js').then((m) => m.contestShellRoutes),
  },
];

/**
 * Full-screen contest pages, outside the site layout (no navigation bar or footer): the scroll board of doc 2
 * §2.10 (issue 10 §2), opened in a new window from the contest's Scroll Board tab.
 */
export const contestFullScreenRoutes: AppRoute[] = [
  { path: 'scrollBoard', page: () => import('./pages/ScrollBoardPage.js'), meta: { requireAuth: true } },
];
