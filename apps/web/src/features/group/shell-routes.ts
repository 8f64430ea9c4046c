import type { AppRoute } from '../../app/route-types.js';

/** A group problem's page (the workspace; no footer) and its focus-mode twin. */
const problemPage = () => import('./pages/GroupProblemPage.js');

/**
 * The tabs of a group (`/group/:groupID/...`, doc 3 §2), children of `GroupShellPage`. Their own chunk: fetched
 * when a group address is first opened (`lazyChildren` in `routes.ts`), so public pages do not carry the table.
 * Group trainings open in the training pages inside the group; discussions only with the group-discussion switch.
 */
export const groupShellRoutes: AppRoute[] = [
  { index: true, page: () => import('./pages/HomeTab.js') },
  { path: 'announcement', page: () => import('./pages/AnnouncementTab.js') },
  { path: 'problem', page: () => import('./pages/ProblemTab.js') },
  { path: 'problem/:problemID', page: problemPage, meta: { hideFooter: true } },
  { path: 'problem/:problemID/full-screen', page: problemPage, meta: { hideFooter: true } },
  { path: 'training', page: () => import('./pages/TrainingTab.js') },
  {
    path: 'training/:trainingID',
    page: () => import('../training/pages/TrainingShellPage.js'),
    children: [
      { index: true, page: () => import('../training/pages/IntroTab.js') },
      { path: 'problems', page: () => import('../training/pages/ProblemsTab.js') },
      {
        path: 'problem/:problemID',
        page: () => import('../training/pages/TrainingProblemPage.js'),
        meta: { hideFooter: true },
      },
      {
        path: 'problem/:problemID/full-screen',
        page: () => import('../training/pages/TrainingProblemPage.js'),
        meta: { hideFooter: true },
      },
      { path: 'rank', page: () => import('../training/pages/RankTab.js') },
    ],
  },
  { path: 'contest', page: () => import('./pages/ContestTab.js') },
  { path: 'status', page: () => import('./pages/StatusTab.js') },
  {
    path: 'submission-detail/:submitID',
    page: () => import('../submission/pages/SubmissionDetailPage.js'),
  },
  {
    path: 'discussion',
    page: () => import('./pages/DiscussionTab.js'),
    meta: { feature: 'openGroupDiscussion' },
  },
  {
    path: 'discussion/:problemID',
    page: () => import('./pages/DiscussionTab.js'),
    meta: { feature: 'openGroupDiscussion' },
  },
  {
    path: 'discussion-detail/:discussionID',
    page: () => import('./pages/DiscussionDetailTab.js'),
    meta: { feature: 'openGroupDiscussion' },
  },
  { path: 'member', page: () => import('./pages/MemberTab.js') },
  { path: 'setting', page: () => import('./pages/SettingTab.js') },
  { path: 'rank', page: () => import('./pages/RankTab.js') },
];
