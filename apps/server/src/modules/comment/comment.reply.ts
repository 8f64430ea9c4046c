import { type AddReplyBody, MessageAction, QuoteType, type ReplyVo, Role } from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { discussions, replies, users } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { assertCommentAc } from '../discussion/discussion.rules.js';
import { remind } from '../message/message.service.js';
import {
  type CommentRow,
  type CommentTarget,
  moderates,
  openComment,
  sourceOf,
  visibleAuthorSql,
} from './comment.scope.js';
import { assertCommentRate, commentRateLimits } from './comment.throttle.js';
import { readReplies, readReplyVo } from './comment.view.js';

/**
 * Replies (issue 12; doc 1 §2.7, §3 "Reply", §6, §7): listing a comment's replies, replying to a comment or to a
 * reply of it (quoting it), and deleting. The addressee is worked out here from what is quoted, never taken from
 * the client, so a reply cannot message someone it does not answer.
 */

/** GET /api/reply?commentId -> ReplyVo[]: the comment's visible replies, newest first (404 unknown or hidden). */
export async function listReplies(
  ctx: AppContext,
  user: SessionUser | null,
  commentId: number,
): Promise<ReplyVo[]> {
  const { target } = await openComment(ctx, user, commentId);
  return readReplies(
    ctx,
    and(eq(replies.commentId, commentId), visibleAuthorSql(target, user, replies.fromUid)),
  );
}

/**
 * Doc 1 §6: in a contest one replies to one's own comment, as a contest admin, or to a comment whose author is
 * neither a super admin nor one of the contest's admins (its creator; a group contest's group roots). 403 otherwise.
 */
async function assertMayReply(
  ctx: AppContext,
  target: CommentTarget,
  user: SessionUser,
  comment: CommentRow,
) {
  if (target.kind !== 'contest' || comment.fromUid === user.uid || target.isAdmin) return;
  if (comment.fromUid === target.contest.uid || target.groupRoots.includes(comment.fromUid)) {
    throw forbidden('comment.replyDenied');
  }
  const [a] = await ctx.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.uid, comment.fromUid))
    .limit(1);
  if (a?.role === Role.ROOT) throw forbidden('comment.replyDenied');
}

/** The quoted thing and its author: a reply of this comment (400 otherwise) or the comment itself. */
async function quoted(ctx: AppContext, comment: CommentRow, b: AddReplyBody) {
  if (b.quoteType !== QuoteType.REPLY) {
    return { quoteId: comment.id, quoteType: QuoteType.COMMENT, toUid: comment.fromUid };
  }
  if (b.quoteId == null) throw badRequest('validation.required', { field: 'quoteId' });
  const [r] = await ctx.db
    .select({ id: replies.id, fromUid: replies.fromUid })
    .from(replies)
    .where(and(eq(replies.id, b.quoteId), eq(replies.commentId, comment.id)))
    .limit(1);
  if (!r) throw badRequest('comment.quoteNotFound');
  return { quoteId: r.id, quoteType: QuoteType.REPLY, toUid: r.fromUid };
}

/**
 * POST /api/reply {reply: {commentId, content}, quoteId?, quoteType?} -> the new ReplyVo. Muted roles were refused
 * before the body was read; the comment must be visible (404); discussions: the AC rule for ordinary users;
 * contests: the reply rule. A discussion reply raises its comment count; the addressee gets a Reply message
 * (never for answering oneself). 429 beyond the comment rate limit (comment.throttle.ts).
 */
export async function addReply(ctx: AppContext, user: SessionUser, b: AddReplyBody): Promise<ReplyVo> {
  const { comment, target } = await openComment(ctx, user, b.reply.commentId);
  if (target.kind === 'discussion') await assertCommentAc(ctx, user);
  await assertMayReply(ctx, target, user, comment);
  const quote = await quoted(ctx, comment, b);
  const limits = await commentRateLimits(ctx);
  const id = await ctx.db.transaction(async (tx) => {
    await assertCommentRate(tx, user, target, limits);
    const [row] = await tx
      .insert(replies)
      .values({ commentId: comment.id, fromUid: user.uid, toUid: quote.toUid, content: b.reply.content })
      .returning({ id: replies.id });
    if (target.kind === 'discussion') {
      await tx
        .update(discussions)
        .set({ commentNum: sql`${discussions.commentNum} + 1` })
        .where(eq(discussions.id, target.did));
    }
    await remind(tx, {
      recipientUid: quote.toUid,
      senderUid: user.uid,
      action: MessageAction.REPLY,
      ...sourceOf(target),
      sourceContent: b.reply.content,
      quoteId: quote.quoteId,
      quoteType: quote.quoteType,
    });
    return row.id;
  });
  return readReplyVo(ctx, id);
}

/**
 * DELETE /api/reply {reply: {id}} -> null: its author, admin roles on discussions, contest admins in contests
 * (403 otherwise; 404 unknown). A discussion's comment count drops by one.
 */
export async function deleteReply(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  const [reply] = await ctx.db.select().from(replies).where(eq(replies.id, id)).limit(1);
  if (!reply) throw notFound('comment.replyNotFound');
  const { target } = await openComment(ctx, user, reply.commentId);
  if (reply.fromUid !== user.uid && !moderates(target, user)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const gone = await tx.delete(replies).where(eq(replies.id, id)).returning({ id: replies.id });
    if (gone.length && target.kind === 'discussion') {
      await tx
        .update(discussions)
        .set({ commentNum: sql`greatest(${discussions.commentNum} - 1, 0)` })
        .where(eq(discussions.id, target.did));
    }
  });
}
