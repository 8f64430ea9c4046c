import type { CommentVo, ReplyVo } from '@oj/shared';
import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { comments, replies, users } from '../../db/schema/index.js';
import { authorRole } from '../discussion/discussion.view.js';

/** Reading comments and replies as the API sends them (doc 1 §3 "Comment", "Reply"), authors from `users`. */

const toUser = alias(users, 'to_user');

/** The columns of a comment read with its author (join `users` on `comments.from_uid`). */
const commentColumns = {
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

/** A CommentVo (no replies yet) of a row read with commentColumns. */
function toCommentVo(r: CommentRowRead): CommentVo {
  const { fromRoleCode, gmtCreate, ...rest } = r;
  return {
    ...rest,
    fromRole: authorRole(fromRoleCode),
    gmtCreate: gmtCreate.toISOString(),
    totalReplyNum: 0,
    replyList: [],
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
