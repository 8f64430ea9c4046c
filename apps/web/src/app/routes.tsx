import { accountRoutes } from '../features/account/routes.js';
import { adminRoutes } from '../features/admin/routes.js';
import { adminContestRoutes } from '../features/admin-contest/routes.js';
import { adminDiscussionRoutes } from '../features/admin-discussion/routes.js';
import { adminGroupProblemRoutes } from '../features/admin-group-problem/routes.js';
import { adminJudgeRoutes } from '../features/admin-judge/routes.js';
import { adminNoticeRoutes } from '../features/admin-notice/routes.js';
import { adminProblemRoutes } from '../features/admin-problem/routes.js';
import { adminTrainingRoutes } from '../features/admin-training/routes.js';
import { adminUserRoutes } from '../features/admin-user/routes.js';
import { contestFullScreenRoutes, contestRoutes } from '../features/contest/routes.js';
import { discussionRoutes } from '../features/discussion/routes.js';
import { groupRoutes } from '../features/group/routes.js';
import { homeRoutes } from '../features/home/routes.js';
import { messageRoutes } from '../features/message/routes.js';
import { practiceRoutes } from '../features/problem/practice-routes.js';
import { trainingRoutes } from '../features/training/routes.js';
import { userRoutes } from '../features/user/routes.js';
import type { AppRoute } from './route-types.js';

/**
 * THE route table (doc 1 §2.1, history mode). Each area exports its routes; plug a new area in with ONE line in
 * `siteRoutes` (pages under the public layout) or `adminAreaRoutes` (pages under the admin layout).
 * Paths are relative to their layout.
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
];

/** Full-screen pages outside both layouts (absolute paths without the leading slash): the contest scroll board. */
export const fullScreenRoutes: AppRoute[] = [...contestFullScreenRoutes];

/** Pages under /admin (all need an admin role; meta adds super admin where the spec says so). */
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
