import { COMMENT_LIMITS, type CommentVo, type ReplyVo } from '@oj/shared';
import { and, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { comments, replies, users } from '../../db/schema/index.js';
import { authorRole } from '../discussion/discussion.view.js';

/** Reading comments and replies as the API sends them (doc 1 §3 "Comment", "Reply"), authors from `users`. */

const toUser = alias(users, 'to_user');

/** The columns of a comment read with its author (join `users` on `comments.from_uid`). */
export const commentColumns = {
  id: comments.id,
  content: comments.content,
  fromUid: comments.fromUid,
  fromName: users.username,
  fromAvatar: users.avatar,
  fromRoleCode: users.role,
  fromTitleName: users.titleName,
  fromTitleColor: users.titleColor,
  likeNum: comments.likeNum,
  gmtCreate: comments.gmtCreate,
};

type CommentRowRead = {
  id: number;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRoleCode: number;
  fromTitleName: string | null;
  fromTitleColor: string | null;
  likeNum: number;
  gmtCreate: Date;
};

/** A CommentVo of a row read with commentColumns. */
export function toCommentVo(r: CommentRowRead, replyList: ReplyVo[] = [], totalReplyNum = 0): CommentVo {
  const { fromRoleCode, gmtCreate, ...rest } = r;
  return {
    ...rest,
    fromRole: authorRole(fromRoleCode),
    gmtCreate: gmtCreate.toISOString(),
    totalReplyNum,
    replyList,
  };
}

const replyColumns = {
  id: replies.id,
  commentId: replies.commentId,
  content: replies.content,
  fromUid: replies.fromUid,
  fromName: users.username,
  fromAvatar: users.avatar,
  fromRoleCode: users.role,
  fromTitleName: users.titleName,
  fromTitleColor: users.titleColor,
  toUid: replies.toUid,
  toName: toUser.username,
  toAvatar: toUser.avatar,
  gmtCreate: replies.gmtCreate,
};

function toReplyVo(r: {
  id: number;
  commentId: number;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRoleCode: number;
  fromTitleName: string | null;
  fromTitleColor: string | null;
  toUid: string | null;
  toName: string | null;
  toAvatar: string | null;
  gmtCreate: Date;
}): ReplyVo {
  const { fromRoleCode, gmtCreate, ...rest } = r;
  return { ...rest, fromRole: authorRole(fromRoleCode), gmtCreate: gmtCreate.toISOString() };
}

/** Most replies GET /api/reply answers (the newest): a comment's thread is read whole, but never unbounded. */
export const REPLY_LIST_MAX = 1000;

/** Replies matching `where`, newest first (at most REPLY_LIST_MAX), with their authors and addressees. */
export async function readReplies(ctx: AppContext, where: SQL | undefined): Promise<ReplyVo[]> {
  const rows = await ctx.db
    .select(replyColumns)
    .from(replies)
    .innerJoin(users, eq(users.uid, replies.fromUid))
    .leftJoin(toUser, eq(toUser.uid, replies.toUid))
    .where(where)
    .orderBy(desc(replies.id))
    .limit(REPLY_LIST_MAX);
  return rows.map(toReplyVo);
}

/**
 * The newest COMMENT_LIMITS.repliesShown replies of each of `commentIds` and every comment's visible reply count, in
 * one query: a window over the replies of those comments (`visible` limits the authors), joined to the authors.
 */
export async function newestReplies(
  ctx: AppContext,
  commentIds: number[],
  visible: SQL | undefined,
): Promise<{ lists: Map<number, ReplyVo[]>; totals: Map<number, number> }> {
  const lists = new Map<number, ReplyVo[]>();
  const totals = new Map<number, number>();
  if (!commentIds.length) return { lists, totals };
  const ranked = ctx.db
    .select({
      rid: sql<number>`${replies.id}`.as('rid'),
      rn: sql<number>`row_number() OVER (PARTITION BY ${replies.commentId} ORDER BY ${replies.id} DESC)`.as(
        'rn',
      ),
      total: sql<number>`count(*) OVER (PARTITION BY ${replies.commentId})`.as('total'),
    })
    .from(replies)
    .where(and(inArray(replies.commentId, commentIds), visible))
    .as('ranked');
  const rows = await ctx.db
    .select({ ...replyColumns, total: ranked.total })
    .from(ranked)
    .innerJoin(replies, eq(replies.id, ranked.rid))
    .innerJoin(users, eq(users.uid, replies.fromUid))
    .leftJoin(toUser, eq(toUser.uid, replies.toUid))
    .where(lte(ranked.rn, COMMENT_LIMITS.repliesShown))
    .orderBy(desc(replies.id));
  for (const { total, ...r } of rows) {
    totals.set(r.commentId, Number(total));
    const list = lists.get(r.commentId) ?? [];
    list.push(toReplyVo(r));
    lists.set(r.commentId, list);
  }
  return { lists, totals };
}

/** One comment as a CommentVo (no replies), read after writing it. */
export async function readCommentVo(ctx: AppContext, id: number): Promise<CommentVo> {
  const [r] = await ctx.db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.uid, comments.fromUid))
    .where(eq(comments.id, id))
    .limit(1);
  return toCommentVo(r);
}

/** One reply as a ReplyVo, read after writing it. */
export async function readReplyVo(ctx: AppContext, id: number): Promise<ReplyVo> {
  const [r] = await readReplies(ctx, eq(replies.id, id));
  return r;
}
