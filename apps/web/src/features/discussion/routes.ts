import type { AppRoute } from '../../app/route-types.js';

/** The public discussion pages (doc 2 §2.12): only when the site's public-discussion switch is on. */
export const discussionRoutes: AppRoute[] = [
  {
    path: 'discussion',
    page: () => import('./pages/DiscussionListPage.js'),
    meta: { feature: 'openPublicDiscussion' },
  },
  {
    path: 'discussion/:problemID',
    page: () => import('./pages/DiscussionListPage.js'),
    meta: { feature: 'openPublicDiscussion' },
  },
  {
    path: 'discussion-detail/:discussionID',
    page: () => import('./pages/DiscussionDetailPage.js'),
    meta: { feature: 'openPublicDiscussion' },
  },
];
