import type { AppRoute } from '../../app/route-types.js';

/** The notice back office (doc 3 admin route `notice`; super admin). */
export const adminNoticeRoutes: AppRoute[] = [
  { path: 'notice', page: () => import('./pages/NoticeAdminPage.js'), meta: { requireSuperAdmin: true } },
];
