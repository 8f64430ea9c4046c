import {
  type AuthorRole,
  DiscussionStatus,
  type DiscussionVo,
  isAdminRole,
  isSuperAdminRole,
} from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { discussionCategories, discussions, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * How a discussion is read and sent (doc 2 §3 "Discussion"): the row with its category's name and the author's
 * avatar, title and current role badge from `users`.
 */

/** The badge of an author's role code (doc 2 §2.12: SPA for root, ADM for admin roles); 'user' otherwise. */
export function authorRole(role: number | null | undefined): AuthorRole {
  if (isSuperAdminRole(role)) return 'root';
  return isAdminRole(role) ? 'admin' : 'user';
}

/** The columns every discussion read selects (with `discussionJoins`). */
export const discussionColumns = {
  id: discussions.id,
  categoryId: discussions.categoryId,
  categoryName: discussionCategories.name,
  title: discussions.title,
  description: discussions.description,
  content: discussions.content,
  pid: discussions.pid,
  uid: discussions.uid,
  author: discussions.author,
  avatar: users.avatar,
  titleName: users.titleName,
  titleColor: users.titleColor,
  authorRoleCode: users.role,
  viewNum: discussions.viewNum,
  likeNum: discussions.likeNum,
  commentNum: discussions.commentNum,
  topPriority: discussions.topPriority,
  gid: discussions.gid,
  status: discussions.status,
  gmtCreate: discussions.gmtCreate,
  gmtModified: discussions.gmtModified,
};

/** `SELECT discussionColumns FROM discussions` with the user and category joins. */
export function selectDiscussions(ctx: AppContext) {
  return ctx.db
    .select(discussionColumns)
    .from(discussions)
    .leftJoin(users, eq(users.uid, discussions.uid))
    .leftJoin(discussionCategories, eq(discussionCategories.id, discussions.categoryId));
}

/** A discussion as `selectDiscussions` reads it. */
export type DiscussionRow = Awaited<ReturnType<typeof selectDiscussions>>[number];

/** The DiscussionVo of a row; `content` null when not to be sent, `hasLike` the caller's like. */
export function toDiscussionVo(
  r: DiscussionRow,
  opts: { content: boolean; hasLike?: boolean },
): DiscussionVo {
  return {
    id: r.id,
    categoryId: r.categoryId ?? null,
    categoryName: r.categoryName ?? null,
    title: r.title,
    description: r.description ?? '',
    content: opts.content ? (r.content ?? '') : null,
    pid: r.pid ?? null,
    uid: r.uid ?? null,
    author: r.author,
    avatar: r.avatar ?? null,
    titleName: r.titleName ?? null,
    titleColor: r.titleColor ?? null,
    role: authorRole(r.authorRoleCode),
    viewNum: r.viewNum ?? 0,
    likeNum: r.likeNum ?? 0,
    commentNum: r.commentNum ?? 0,
    hasLike: opts.hasLike ?? false,
    topPriority: r.topPriority ?? false,
    gid: r.gid ?? null,
    status: r.status ?? DiscussionStatus.NORMAL,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  };
}

/** The discussion `did` as read for the API; 404 "The discussion does not exist" when absent. */
export async function readDiscussion(ctx: AppContext, did: number): Promise<DiscussionRow> {
  const [row] = await selectDiscussions(ctx).where(eq(discussions.id, did)).limit(1);
  if (!row) throw notFound('discussion.notFound');
  return row;
}

/** The stored row of discussion `did` (no joins); 404 when absent. */
export async function loadDiscussionRow(
  ctx: AppContext,
  did: number,
): Promise<typeof discussions.$inferSelect> {
  const [row] = await ctx.db.select().from(discussions).where(eq(discussions.id, did)).limit(1);
  if (!row) throw notFound('discussion.notFound');
  return row;
}
