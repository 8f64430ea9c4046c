import type { AppRoute } from '../../app/route-types.js';

/**
 * Admin back-office pages of the Foundation issue (doc 3 "Admin back office"). Paths are under /admin; the
 * layout already requires an admin role; conf, switch and announcement need the super admin.
 */
export const adminRoutes: AppRoute[] = [
  { path: 'dashboard', redirect: '/admin' },
  { path: 'conf', page: () => import('./pages/ConfigPage.js'), meta: { requireSuperAdmin: true } },
  { path: 'switch', page: () => import('./pages/SwitchPage.js'), meta: { requireSuperAdmin: true } },
  {
    path: 'announcement',
    page: () => import('./pages/AnnouncementAdminPage.js'),
    meta: { requireSuperAdmin: true },
  },
];

/**
 * The back office's home, /admin itself. Part of the entry's route table (`routes.tsx`): React Router discovers
 * routes only for addresses under a param or a catch-all, and /admin alone matches the layout.
 */
export const adminIndexRoutes: AppRoute[] = [{ index: true, page: () => import('./pages/DashboardPage.js') }];
