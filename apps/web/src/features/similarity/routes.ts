import type { AppRoute } from '../../app/route-types.js';

/**
 * The code similarity page (issue 29 part 1, docs/similarity.md): `/similarity/:scope/:id` with scope contest,
 * training or problem. Signed-in users only; the server decides who may see a scope (its admins).
 */
export const similarityRoutes: AppRoute[] = [
  {
    path: 'similarity/:scope/:id',
    page: () => import('./pages/SimilarityPage.js'),
    meta: { requireAuth: true, title: 'similarity:Similarity_check' },
  },
];
