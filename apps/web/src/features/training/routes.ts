import type { AppRoute } from '../../app/route-types.js';

/**
 * The training pages (doc 2 §2.13; doc 1 §2.1 /training, /training/:trainingID with children problems,
 * problem/:problemID, rank). The list is public; opening a training needs login.
 */
export const trainingRoutes: AppRoute[] = [
  { path: 'training', page: () => import('./pages/TrainingListPage.js') },
  {
    path: 'training/:trainingID',
    page: () => import('./pages/TrainingShellPage.js'),
    meta: { requireAuth: true },
    children: [
      { index: true, page: () => import('./pages/IntroTab.js') },
      { path: 'problems', page: () => import('./pages/ProblemsTab.js') },
      {
        path: 'problem/:problemID',
        page: () => import('./pages/TrainingProblemPage.js'),
        meta: { hideFooter: true },
      },
      { path: 'rank', page: () => import('./pages/RankTab.js') },
    ],
  },
];
