import type { AppRoute } from '../../app/route-types.js';

/** User home and settings (doc 1 §2.1, §2.9). */
export const userRoutes: AppRoute[] = [
  { path: 'user-home', page: () => import('./pages/UserHomePage.js') },
  { path: 'setting', page: () => import('./pages/SettingPage.js'), meta: { requireAuth: true } },
];
