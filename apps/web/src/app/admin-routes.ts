import { adminRoutes } from '../features/admin/routes.js';
import { adminContestRoutes } from '../features/admin-contest/routes.js';
import { adminDiscussionRoutes } from '../features/admin-discussion/routes.js';
import { adminGroupProblemRoutes } from '../features/admin-group-problem/routes.js';
import { adminJudgeRoutes } from '../features/admin-judge/routes.js';
import { adminNoticeRoutes } from '../features/admin-notice/routes.js';
import { adminProblemRoutes } from '../features/admin-problem/routes.js';
import { adminTrainingRoutes } from '../features/admin-training/routes.js';
import { adminUserRoutes } from '../features/admin-user/routes.js';
import type { AppRoute } from './route-types.js';

/**
 * Pages under /admin (all need an admin role; meta adds super admin where the spec says so); plug a back-office
 * area in with ONE line here. Paths are relative to /admin. This table is its own chunk, fetched on the first visit
 * of an /admin address (`routes.tsx` `adminAreaRoutes`, discovered by `router.tsx`), so the public pages do not
 * carry it.
 */
export const adminAreaRoutes: AppRoute[] = [
  ...adminRoutes,
  ...adminUserRoutes,
  ...adminProblemRoutes,
  ...adminGroupProblemRoutes,
  ...adminContestRoutes,
  ...adminTrainingRoutes,
  ...adminJudgeRoutes,
  ...adminDiscussionRoutes,
  ...adminNoticeRoutes,
];
