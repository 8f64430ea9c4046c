import type { AppRoute } from '../../app/route-types.js';

/**
 * The contest pages (doc 2 §2.6-§2.9): the list (public; opening a contest needs login), the outside boards
 * (no login), and the contest shell with its tabs as child routes.
 */
export const contestRoutes: AppRoute[] = [
  { path: 'contest', page: () => import('./pages/ContestListPage.js') },
  { path: 'contest/acm-scoreboard/:contestID', page: () => import('./pages/OutsideBoardPage.js') },
  { path: 'contest/oi-scoreboard/:contestID', page: () => import('./pages/OutsideBoardPage.js') },
  {
    path: 'contest/:contestID',
    page: () => import('./pages/ContestShellPage.js'),
    meta: { requireAuth: true },
    children: [
      { index: true, page: () => import('./pages/OverviewTab.js') },
      { path: 'problems', page: () => import('./pages/ProblemsTab.js') },
      {
        path: 'problem/:problemID',
        page: () => import('./pages/ContestProblemPage.js'),
        meta: { hideFooter: true },
      },
      { path: 'submissions', page: () => import('./pages/SubmissionsTab.js') },
      { path: 'rank', page: () => import('./pages/RankTab.js') },
      { path: 'announcements', page: () => import('./pages/AnnouncementsTab.js') },
      { path: 'clarifications', page: () => import('./pages/ClarificationsTab.js') },
      { path: 'ac-info', page: () => import('./pages/AcInfoTab.js') },
      { path: 'print', page: () => import('./pages/PrintTab.js') },
      { path: 'admin-print', page: () => import('./pages/AdminPrintTab.js') },
      { path: 'rejudge', page: () => import('./pages/RejudgeTab.js') },
      { path: 'scroll-board', page: () => import('./pages/ScrollBoardTab.js') },
      {
        path: 'comment',
        page: () => import('./pages/CommentTab.js'),
        meta: { feature: 'openContestComment' },
      },
    ],
  },
];

/**
 * Full-screen contest pages, outside the site layout (no navigation bar or footer): the scroll board of doc 2
 * §2.10 (issue 10 §2), opened in a new window from the contest's Scroll Board tab.
 */
export const contestFullScreenRoutes: AppRoute[] = [
  { path: 'scrollBoard', page: () => import('./pages/ScrollBoardPage.js'), meta: { requireAuth: true } },
];
