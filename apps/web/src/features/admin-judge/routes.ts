import type { AppRoute } from '../../app/route-types.js';

/** Judge admin pages: judge server status (admin roles) and the language list editor (super admin). */
export const adminJudgeRoutes: AppRoute[] = [
  { path: 'judge-server', page: () => import('./pages/JudgeServerPage.js') },
  { path: 'language', page: () => import('./pages/LanguageAdminPage.js'), meta: { requireSuperAdmin: true } },
];
