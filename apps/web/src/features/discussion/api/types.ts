/**
 * Discussion shapes: the shared vocabulary (`DiscussionVo`, `DiscussionCategory`: packages/shared
 * schemas/discussion.ts, docs/community.md) and the page's own filter and form values.
 */
export type { DiscussionCategory, DiscussionVo as Discussion } from '@oj/shared';

/** The list query of doc 2 §2.12: keyword, category (`cid`), problem (`pid`), only mine, page. */
export interface DiscussionListFilter {
  currentPage: number;
  limit: number;
  keyword?: string;
  cid?: number;
  pid?: string;
  onlyMine?: boolean;
  /** A group's discussions (its members; GET /api/group/get-discussion-list). */
  gid?: number;
}

/** The post / edit dialog's fields (doc 2 §5): title, description, category, content; pin for admin roles. */
export interface DiscussionInput {
  id?: number;
  pid?: string | null;
  /** The group of a new group discussion. */
  gid?: number | null;
  title: string;
  description: string;
  categoryId: number;
  content: string;
  topPriority?: boolean;
}
