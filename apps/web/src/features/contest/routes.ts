import type { AppRoute } from '../../app/route-types.js';

/**
 * The contest pages (doc 2 §2.6-§2.9): the list (public; opening a contest needs login), the outside boards
 * (no login), and the contest shell with its tabs as child routes.
 */
export const contestRoutes: AppRoute[] = [
  { path: 'contest', page: () => import('./pages/ContestListPage.js') },
  { path: 'contest/acm-scoreboard/:contestID', page: () => import('./pages/OutsideBoardPage.js') },
  { path: 'contest/oi-scoreboard/:contestID', page: () => import('./pages/OutsideBoardPage.js') },
  {
    path: 'contest/:contestID',
    page: () => import('./pages/ContestShellPage.js'),
    meta: { requireAuth: true },
    children: [
      { index: true, page: () => import('./pages/OverviewTab.js') },
      { path: 'problems', page: () => import('./pages/ProblemsTab.js') },
      {
        path: 'problem/:problemID',
        page: () => import('./pages/ContestProblemPage.js'),
        meta: { hideFooter: true },
      },
      { path: 'submissions', page: () => import('./pages/SubmissionsTab.js') },
      { path: 'rank', page: () => import('./pages/RankTab.js') },
    ],
  },
];
