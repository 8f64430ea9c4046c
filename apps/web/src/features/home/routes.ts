import type { AppRoute } from '../../app/route-types.js';

/** Home and the about pages (doc 1 §2.1). */
export const homeRoutes: AppRoute[] = [
  { path: 'home', page: () => import('./pages/HomePage.js') },
  { path: 'introduction', page: () => import('../about/pages/AboutPage.js') },
  { path: 'developer', page: () => import('../about/pages/AboutPage.js') },
];
