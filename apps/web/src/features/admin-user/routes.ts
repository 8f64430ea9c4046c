import type { AppRoute } from '../../app/route-types.js';

/** The users admin page (doc 3 admin "Users"), Auth admin and Role auth (doc 3 back office); super admin. */
export const adminUserRoutes: AppRoute[] = [
  { path: 'user', page: () => import('./pages/UserAdminPage.js'), meta: { requireSuperAdmin: true } },
  { path: 'auth', page: () => import('./pages/AuthAdminPage.js'), meta: { requireSuperAdmin: true } },
  { path: 'role-auth', page: () => import('./pages/RoleAuthPage.js'), meta: { requireSuperAdmin: true } },
];
