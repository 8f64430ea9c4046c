import type { AppRoute } from '../../app/route-types.js';

/**
 * Training back office (doc 3 admin routes training, training/create, training/:trainingId/edit,
 * training/:trainingId/problems, training/category). The admin layout requires an admin role; the server decides
 * per training (author or super admin).
 */
export const adminTrainingRoutes: AppRoute[] = [
  { path: 'training', page: () => import('./pages/TrainingListPage.js') },
  { path: 'training/create', page: () => import('./pages/TrainingEditPage.js') },
  { path: 'training/category', page: () => import('./pages/CategoryPage.js') },
  { path: 'training/:trainingId/edit', page: () => import('./pages/TrainingEditPage.js') },
  { path: 'training/:trainingId/problems', page: () => import('./pages/TrainingProblemsPage.js') },
];
