import type { AppRoute } from '../../app/route-types.js';

/**
 * Practice problem pages (doc 2 §2.1-§2.2): public like the problems themselves (issue 14: visitors browse the
 * list; doc 1 §2.1 listed it as needing login); the detail hides the footer.
 */
export const problemRoutes: AppRoute[] = [
  { path: 'problem', page: () => import('./pages/ProblemListPage.js') },
  {
    path: 'problem/:problemID',
    page: () => import('./pages/ProblemDetailPage.js'),
    meta: { hideFooter: true },
  },
];
