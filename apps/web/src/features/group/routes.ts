import type { AppRoute } from '../../app/route-types.js';

/** A group problem's page (the workspace; no footer) and its focus-mode twin. */
const problemPage = () => import('./pages/GroupProblemPage.js');

/**
 * The group pages of doc 3 §2 (doc 1 §2.1): the list is public; a group needs login and its shell
 * (`GroupShellPage`) decides what the viewer may open. Group trainings open in the training pages inside the
 * group; group contests in the contest pages (/contest/:cid); discussions only with the group-discussion switch.
 */
export const groupRoutes: AppRoute[] = [
  { path: 'group', page: () => import('./pages/GroupListPage.js') },
  {
    path: 'group/:groupID',
    page: () => import('./pages/GroupShellPage.js'),
    meta: { requireAuth: true },
    children: [
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
    ],
  },
];
