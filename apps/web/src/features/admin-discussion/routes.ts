import type { AppRoute } from '../../app/route-types.js';

/** The discussion back office (doc 3 admin route `discussion`): discussions and reports; admin roles. */
export const adminDiscussionRoutes: AppRoute[] = [
  { path: 'discussion', page: () => import('./pages/DiscussionAdminPage.js') },
];
