import type { AppRoute } from '../../app/route-types.js';

/** Practice problem pages (doc 1 §2.1, doc 2 §2.1-§2.2): the list needs login; the detail hides the footer. */
export const problemRoutes: AppRoute[] = [
  { path: 'problem', page: () => import('./pages/ProblemListPage.js'), meta: { requireAuth: true } },
  {
    path: 'problem/:problemID',
    page: () => import('./pages/ProblemDetailPage.js'),
    meta: { hideFooter: true },
  },
];
