import type { AppRoute } from '../../app/route-types.js';

/**
 * Contest back office (doc 3 admin routes contest, contest/create, contest/:contestId/edit,
 * contest/:contestId/problems). The admin layout already requires an admin role; the server decides per contest.
 */
export const adminContestRoutes: AppRoute[] = [
  { path: 'contest', page: () => import('./pages/ContestListPage.js') },
  { path: 'contest/create', page: () => import('./pages/ContestEditPage.js') },
  { path: 'contest/:contestId/edit', page: () => import('./pages/ContestEditPage.js') },
  { path: 'contest/:contestId/problems', page: () => import('./pages/ContestProblemsPage.js') },
];
