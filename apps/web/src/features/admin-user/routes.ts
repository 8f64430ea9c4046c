import type { AppRoute } from '../../app/route-types.js';

/** The users admin page (doc 3 admin "Users"; super admin). */
export const adminUserRoutes: AppRoute[] = [
  { path: 'user', page: () => import('./pages/UserAdminPage.js'), meta: { requireSuperAdmin: true } },
];
