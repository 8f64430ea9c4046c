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
import { commentLikes, comments, discussions, replies } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, tooMany } from '../../lib/errors.js';
import {
  assertCommentAc,
  assertDiscussionAccess,
  assertNotDisabled,
} from '../discussion/discussion.rules.js';
import { remind } from '../message/message.service.js';
import { buildCommentPage, cachedCommentPage } from './comment.page.js';
import { moderates, oneTarget, openComment, openTarget, sourceOf, visibleAuthors } from './comment.scope.js';
import { assertCommentRate, commentRateLimits } from './comment.throttle.js';
import { readCommentVo } from './comment.view.js';

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
  const t = oneTarget(q);
  const current = q.currentPage;
  const size = q.limit;
  const vo = (page: { records: CommentVo[]; total: number }, liked: Iterable<number>): CommentListVo => {
    const commentLikeMap: Record<number, boolean> = {};
    for (const id of liked) commentLikeMap[id] = true;
    return { commentList: { records: page.records, total: page.total, current, size }, commentLikeMap };
  };
  if (t.did != null) {
    // A discussion's pages are the same for every viewer: kept per thread version (comment.page.ts).
    const did = t.did;
    const { page, liked } = await cachedCommentPage(
      ctx,
      did,
      `${current}:${size}`,
      user?.uid ?? null,
      async (head) => {
        if (!head) throw notFound('discussion.notFound');
        assertNotDisabled(user, head, await assertDiscussionAccess(ctx, user, head));
      },
      (version) => buildCommentPage(ctx, { did }, current, size, null, version),
    );
    return vo(page, liked);
  }
  // A contest's pages differ per viewer while it runs: built by the same statement, never kept.
  const target = await openTarget(ctx, user, t);
  const page = await buildCommentPage(
    ctx,
    target.kind === 'discussion' ? { did: target.did } : { cid: target.cid },
    current,
    size,
    visibleAuthors(target, user),
    0,
  );
  const ids = page.records.map((r) => r.id);
  const liked =
    user && ids.length
      ? await ctx.db
          .select({ id: commentLikes.commentId })
          .from(commentLikes)
          .where(and(eq(commentLikes.uid, user.uid), inArray(commentLikes.commentId, ids)))
      : [];
  return vo(
    page,
    liked.map((l) => l.id),
  );
}

/**
 * POST /api/comment {content, did | cid} -> the new CommentVo. Muted roles were refused before the body was read;
 * discussions: the switch, not disabled, the AC rule for ordinary users; contests: the switch and the access rule.
 * A discussion comment raises its comment count and tells its author (Discuss), never for one's own discussion.
 * 429 beyond the comment rate limit (comment.throttle.ts).
 */
export async function addComment(ctx: AppContext, user: SessionUser, b: AddCommentBody): Promise<CommentVo> {
  const target = await openTarget(ctx, user, oneTarget(b));
  if (target.kind === 'discussion') await assertCommentAc(ctx, user);
  const limits = await commentRateLimits(ctx);
  const id = await ctx.db.transaction(async (tx) => {
    await assertCommentRate(tx, user, target, limits);
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
