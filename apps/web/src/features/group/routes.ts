import type { AppRoute } from '../../app/route-types.js';

/**
 * The group pages of doc 3 §2 (doc 1 §2.1): the list is public; a group needs login and its shell
 * (`GroupShellPage`) decides what the viewer may open. Group trainings open in the training pages inside the
 * group; group contests in the contest pages (/contest/:cid); discussions only with the group-discussion switch.
 * The group's tabs are child routes in `shell-routes.ts`, a chunk of their own.
 */
export const groupRoutes: AppRoute[] = [
  { path: 'group', page: () => import('./pages/GroupListPage.js') },
  {
    path: 'group/:groupID',
    page: () => import('./pages/GroupShellPage.js'),
    meta: { requireAuth: true },
    lazyChildren: () => import('./shell-routes.js').then((m) => m.groupShellRoutes),
  },
];
