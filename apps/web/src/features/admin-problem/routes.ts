import type { AppRoute } from '../../app/route-types.js';

/**
 * Admin problem management pages (doc 3 admin routes: problems, problem/create, problem/edit/:problemId,
 * problem/tag, problem/batch-operation, plus the import page). The admin layout already requires an admin role
 * (admin, problem admin, super admin).
 */
export const adminProblemRoutes: AppRoute[] = [
  { path: 'problems', page: () => import('./pages/ProblemListPage.js') },
  { path: 'problem/create', page: () => import('./pages/ProblemEditPage.js') },
  {
    path: 'problem/edit/:problemId',
    page: () => import('./pages/ProblemEditPage.js'),
    // The side menu keeps "Problem list" lit; the header names the page itself.
    meta: { title: 'adminProblem:Edit_problem' },
  },
  { path: 'problem/tag', page: () => import('./pages/TagPage.js') },
  { path: 'problem/batch-operation', page: () => import('./pages/BatchOperationPage.js') },
  { path: 'problem/import', page: () => import('./pages/ImportPage.js') },
];
