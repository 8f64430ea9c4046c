import type { AppRoute } from '../../app/route-types.js';

/**
 * The tabs of a training (`/training/:trainingID/...`, doc 2 §2.13), children of `TrainingShellPage`. Their own
 * chunk: fetched when a training address is first opened (`lazyChildren` in `routes.ts`).
 */
export const trainingShellRoutes: AppRoute[] = [
  { index: true, page: () => import('./pages/IntroTab.js') },
  { path: 'problems', page: () => import('./pages/ProblemsTab.js') },
  {
    path: 'problem/:problemID',
    page: () => import('./pages/TrainingProblemPage.js'),
    meta: { hideFooter: true },
  },
  {
    path: 'problem/:problemID/full-screen',
    page: () => import('./pages/TrainingProblemPage.js'),
    meta: { hideFooter: true },
  },
  { path: 'rank', page: () => import('./pages/RankTab.js') },
];
