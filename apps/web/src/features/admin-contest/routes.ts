import type { AppRoute } from '../../app/route-types.js';

/**
 * Contest back office (doc 3 admin routes contest, contest/create, contest/:contestId/edit,
 * contest/:contestId/problems, contest/:contestId/announcement, contest/:contestId/problem/create,
 * contest/:contestId/problem/:problemId/edit). The admin layout already requires an admin role; the server decides per contest.
 */
export const adminContestRoutes: AppRoute[] = [
  { path: 'contest', page: () => import('./pages/ContestListPage.js') },
  { path: 'contest/create', page: () => import('./pages/ContestEditPage.js') },
  { path: 'contest/:contestId/edit', page: () => import('./pages/ContestEditPage.js') },
  {
    path: 'contest/:contestId/problems',
    page: () => import('./pages/ContestProblemsPage.js'),
    meta: { title: 'adminContest:Contest_problems' },
  },
  {
    path: 'contest/:contestId/announcement',
    page: () => import('./pages/ContestAnnouncementsPage.js'),
  },
  // A contest's own problems use the problem editor in its contest mode.
  {
    path: 'contest/:contestId/problem/create',
    page: () => import('../admin-problem/pages/ProblemEditPage.js'),
  },
  {
    path: 'contest/:contestId/problem/:problemId/edit',
    page: () => import('../admin-problem/pages/ProblemEditPage.js'),
  },
];
