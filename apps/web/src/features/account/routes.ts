import type { AppRoute } from '../../app/route-types.js';

/** Account routes (doc 1 §2.1): reset-password page and logout. */
export const accountRoutes: AppRoute[] = [
  { path: 'reset-password', page: () => import('./pages/ResetPasswordPage.js') },
  { path: 'logout', page: () => import('./pages/LogoutPage.js') },
];
