import type { AppRoute } from '../../app/route-types.js';

/**
 * The training pages (doc 2 §2.13; doc 1 §2.1 /training, /training/:trainingID with children problems,
 * problem/:problemID, rank). The list is public; opening a training needs login. The training's tabs are child
 * routes in `shell-routes.ts`, a chunk of their own.
 */
export const trainingRoutes: AppRoute[] = [
  { path: 'training', page: () => import('./pages/TrainingListPage.js') },
  {
    path: 'training/:trainingID',
    page: () => import('./pages/TrainingShellPage.js'),
    meta: { requireAuth: true },
    lazyChildren: () => import('./shell-routes.js').then((m) => m.trainingShellRoutes),
  },
];
