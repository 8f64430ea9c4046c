import type { ComponentType } from 'react';

/** Website flags that gate routes (doc 1 §2.2 feature gates). */
export type FeatureGate = 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment';

/** Route meta read by the navigation guard and the layouts (doc 1 §2.1-§2.3). */
export interface RouteMeta {
  requireAuth?: boolean;
  requireAdmin?: boolean;
  requireSuperAdmin?: boolean;
  /** Redirect home with "No Access" unless this website flag is on. */
  feature?: FeatureGate;
  /** Hide the footer (problem detail and focus-mode pages). */
  hideFooter?: boolean;
  /** Page title key (`ns:key`, or a `common` key); the admin header shows it instead of the menu label. */
  title?: string;
}

/**
 * One entry of the route table. Areas export arrays of these and plug them into `routes.tsx` with one line.
 * `page` is a dynamic import: every page is lazy-loaded.
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  page?: () => Promise<{ default: ComponentType }>;
  /** A plain redirect instead of a page. */
  redirect?: string;
  meta?: RouteMeta;
  children?: AppRoute[];
  /**
   * Children whose table is its own chunk, fetched when an address under this route is first opened (React
   * Router's `patchRoutesOnNavigation`, see `router.tsx`): keeps big subtrees (a group's or a contest's tabs, the
   * back office) and the preload lists of their pages out of the entry chunk. Never on an index route.
   */
  lazyChildren?: () => Promise<AppRoute[]>;
}
