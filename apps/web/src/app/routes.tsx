import { accountRoutes } from '../features/account/routes.js';
import { adminIndexRoutes } from '../features/admin/routes.js';
import { contestFullScreenRoutes, contestRoutes } from '../features/contest/routes.js';
import { discussionRoutes } from '../features/discussion/routes.js';
import { groupRoutes } from '../features/group/routes.js';
import { homeRoutes } from '../features/home/routes.js';
import { messageRoutes } from '../features/message/routes.js';
import { practiceRoutes } from '../features/problem/practice-routes.js';
import { similarityRoutes } from '../features/similarity/routes.js';
import { trainingRoutes } from '../features/training/routes.js';
import { userRoutes } from '../features/user/routes.js';
import type { AppRoute } from './route-types.js';

/**
 * THE route table (doc 1 §2.1, history mode). Each area exports its routes; plug a new area in with ONE line in
 * `siteRoutes` (pages under the public layout) or in `admin-routes.ts` (pages under the admin layout).
 * Paths are relative to their layout. A big subtree of login-only pages (a group's or a contest's tabs) comes
 * through `lazyChildren`, so its table stays out of the entry chunk too.
 */
export const siteRoutes: AppRoute[] = [
  { index: true, redirect: '/home' },
  ...homeRoutes,
  ...accountRoutes,
  ...userRoutes,
  ...practiceRoutes,
  ...contestRoutes,
  ...trainingRoutes,
  ...discussionRoutes,
  ...messageRoutes,
  ...groupRoutes,
  ...similarityRoutes,
];

/** Full-screen pages outside both layouts (absolute paths without the leading slash): the contest scroll board. */
export const fullScreenRoutes: AppRoute[] = [...contestFullScreenRoutes];

/** /admin itself (the dashboard): known from the start, the rest of the back office is discovered. */
export const adminEagerRoutes: AppRoute[] = [...adminIndexRoutes];

/**
 * Pages under /admin, a table of its own chunk (`admin-routes.ts`: one line per back-office area), fetched on the
 * first visit of an /admin address (lazy route discovery, `router.tsx`).
 */
export const adminAreaRoutes = (): Promise<AppRoute[]> =>
  import('./admin-routes.js').then((m) => m.adminAreaRoutes);
