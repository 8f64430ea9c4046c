import type { AppRoute } from '../../app/route-types.js';

/**
 * The tabs of a contest (`/contest/:contestID/...`, doc 2 §2.7-§2.9), children of `ContestShellPage`. Their own
 * chunk: fetched when a contest address is first opened (`lazyChildren` in `routes.ts`), so the public pages do
 * not carry the table.
 */
export const contestShellRoutes: AppRoute[] = [
  { index: true, page: () => import('./pages/OverviewTab.js') },
  { path: 'problems', page: () => import('./pages/ProblemsTab.js') },
  {
    path: 'problem/:problemID',
    page: () => import('./pages/ContestProblemPage.js'),
    meta: { hideFooter: true },
  },
  {
    path: 'problem/:problemID/full-screen',
    page: () => import('./pages/ContestProblemPage.js'),
    meta: { hideFooter: true },
  },
  {
    path: 'problem/:problemID/submission-detail/:submitID',
    page: () => import('../submission/pages/SubmissionDetailPage.js'),
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
];
