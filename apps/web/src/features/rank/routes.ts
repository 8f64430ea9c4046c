import type { AppRoute } from '../../app/route-types.js';

/** Global rankings (doc 1 §2.1, doc 2 §2.11). */
export const rankRoutes: AppRoute[] = [
  { path: 'acm-rank', page: () => import('./pages/AcmRankPage.js') },
  { path: 'oi-rank', page: () => import('./pages/OiRankPage.js') },
];
