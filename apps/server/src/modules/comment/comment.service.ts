import {
  type AddCommentBody,
  type CommentListQuery,
  type CommentListVo,
  type CommentVo,
  LIMITS,
  MessageAction,
} from '@oj/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { commentLikes, comments, discussions, replies, users } from '../../db/schema/index.js';
import { badRequest, forbidden, tooMany } from '../../lib/errors.js';
import { assertCommentAc } from '../discussion/discussion.rules.js';
import { remind } from '../message/message.service.js';
import {
  moderates,
  oneTarget,
  openComment,
  openTarget,
  sourceOf,
  visibleAuthorSql,
} from './comment.scope.js';
import { commentColumns, newestReplies, readCommentVo, toCommentVo } from './comment.view.js';

/**
 * Comments (issue 12; doc 1 §2.7, §3, §5, §6, §7) on discussions and in contests: the page with the newest three
 * replies of each, writing, deleting, and likes (once, no unlike, the spec's gap). Replies are in comment.reply.ts.
 */

/**
 * GET /api/comments?did|cid&currentPage&limit -> CommentListVo: comments by likes then newest, each with its
 * newest three visible replies and visible reply count, and the caller's likes among them. Access as openTarget;
 * a running contest shows a participant only their own and its admins' comments and replies.
 */
export async function listComments(
  ctx: AppContext,
  user: SessionUser | null,
  q: CommentListQuery,
): Promise<CommentListVo> {
  const target = await openTarget(ctx, user, oneTarget(q));
  const where = and(
    target.kind === 'discussion' ? eq(comments.did, target.did) : eq(comments.cid, target.cid),
    visibleAuthorSql(target, user, comments.fromUid),
  );
  // The total rides on the page (a window count); only a page past the end counts on its own.
  const rows = await ctx.db
    .select({ ...commentColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(comments)
    .innerJoin(users, eq(users.uid, comments.fromUid))
    .where(where)
    .orderBy(desc(comments.likeNum), desc(comments.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  const n = rows.length
    ? rows[0].total
    : q.currentPage === 1
      ? 0
      : (await ctx.db.select({ n: count() }).from(comments).where(where))[0].n;
  const ids = rows.map((r) => r.id);
  const [{ lists, totals }, liked] = await Promise.all([
    newestReplies(ctx, ids, visibleAuthorSql(target, user, replies.fromUid)),
    user && ids.length
      ? ctx.db
          .select({ id: commentLikes.commentId })
          .from(commentLikes)
          .where(and(eq(commentLikes.uid, user.uid), inArray(commentLikes.commentId, ids)))
      : Promise.resolve([]),
  ]);
  const commentLikeMap: Record<number, boolean> = {};
  for (const l of liked) commentLikeMap[l.id] = true;
  return {
    commentList: {
      records: rows.map(({ total: _, ...r }) => toCommentVo(r, lists.get(r.id) ?? [], totals.get(r.id) ?? 0)),
      total: n,
      current: q.currentPage,
      size: q.limit,
    },
    commentLikeMap,
  };
}

/**
 * POST /api/comment {content, did | cid} -> the new CommentVo. Muted roles were refused before the body was read;
 * discussions: the switch, not disabled, the AC rule for ordinary users; contests: the switch and the access rule.
 * A discussion comment raises its comment count and tells its author (Discuss), never for one's own discussion.
 */
export async function addComment(ctx: AppContext, user: SessionUser, b: AddCommentBody): Promise<CommentVo> {
  const target = await openTarget(ctx, user, oneTarget(b));
  if (target.kind === 'discussion') await assertCommentAc(ctx, user);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({
        did: target.kind === 'discussion' ? target.did : null,
        cid: target.kind === 'contest' ? target.cid : null,
        content: b.content,
        fromUid: user.uid,
      })
      .returning({ id: comments.id });
    if (target.kind === 'discussion') {
      await tx
        .update(discussions)
        .set({ commentNum: sql`${discussions.commentNum} + 1` })
        .where(eq(discussions.id, target.did));
      await remind(tx, {
        recipientUid: target.discussion.uid,
        senderUid: user.uid,
        action: MessageAction.DISCUSS,
        ...sourceOf(target),
        sourceContent: b.content,
      });
    }
    return row.id;
  });
  return readCommentVo(ctx, id);
}

/**
 * DELETE /api/comment {id} -> null: the author, admin roles on discussions, contest admins in contests (403
 * otherwise; 404 unknown or hidden). Its replies go with it; the discussion's count drops by both.
 */
export async function deleteComment(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  const { comment, target } = await openComment(ctx, user, id);
  if (comment.fromUid !== user.uid && !moderates(target, user)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(replies).where(eq(replies.commentId, id));
    const gone = await tx.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
    if (gone.length && target.kind === 'discussion') {
      await tx
        .update(discussions)
        .set({ commentNum: sql`greatest(${discussions.commentNum} - ${1 + n}, 0)` })
        .where(eq(discussions.id, target.did));
    }
  });
}

/**
 * GET /api/comment-like?cid=<comment id>&toLike -> null. 400 for `toLike=false` (no unlike); liking again changes
 * nothing; a new like within LIMITS.commentLikeGapMs of the caller's previous comment like is 429 (checked under the
 * caller's lock). The first like raises `likeNum` and tells the author (Like_Discuss), never for one's own comment.
 */
export async function likeComment(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  toLike: boolean,
): Promise<void> {
  if (!toLike) throw badRequest('comment.likeUndo');
  const { comment, target } = await openComment(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`comment-like:${user.uid}`}, 0))`);
    const [mine] = await tx
      .select({ id: commentLikes.commentId })
      .from(commentLikes)
      .where(and(eq(commentLikes.commentId, id), eq(commentLikes.uid, user.uid)))
      .limit(1);
    if (mine) return;
    const [last] = await tx
      .select({ at: commentLikes.gmtCreate })
      .from(commentLikes)
      .where(eq(commentLikes.uid, user.uid))
      .orderBy(desc(commentLikes.gmtCreate))
      .limit(1);
    const waitMs = last ? LIMITS.commentLikeGapMs - (Date.now() - last.at.getTime()) : 0;
    if (waitMs > 0) throw tooMany('comment.likeTooFrequent', { seconds: Math.ceil(waitMs / 1000) });
    await tx.insert(commentLikes).values({ commentId: id, uid: user.uid, gmtCreate: new Date() });
    await tx
      .update(comments)
      .set({ likeNum: sql`${comments.likeNum} + 1` })
      .where(eq(comments.id, id));
    await remind(tx, {
      recipientUid: comment.fromUid,
      senderUid: user.uid,
      action: MessageAction.LIKE_DISCUSS,
      ...sourceOf(target),
      sourceContent: comment.content,
    });
  });
}
