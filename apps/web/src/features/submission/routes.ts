import type { AppRoute } from '../../app/route-types.js';

/** The practice status page and submission detail (doc 1 §2.1, doc 2 §2.4-§2.5). */
export const submissionRoutes: AppRoute[] = [
  { path: 'status', page: () => import('./pages/StatusPage.js') },
  { path: 'submission-detail/:submitID', page: () => import('./pages/SubmissionDetailPage.js') },
];
