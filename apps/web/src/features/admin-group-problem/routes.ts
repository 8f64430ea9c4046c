import type { AppRoute } from '../../app/route-types.js';

/** The group problem examine page of the back office (doc 3 admin routes group-problem/apply; admin roles). */
export const adminGroupProblemRoutes: AppRoute[] = [
  { path: 'group-problem/apply', page: () => import('./pages/GroupProblemApplyPage.js') },
];
