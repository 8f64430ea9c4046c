import type { AppRoute } from '../../app/route-types.js';

/** The judge help page (doc 2 §2.14); the footer should link it next to /introduction. */
export const helpRoutes: AppRoute[] = [{ path: 'help', page: () => import('./pages/HelpPage.js') }];
