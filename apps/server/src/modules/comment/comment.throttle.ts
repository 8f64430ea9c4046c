import { LIMITS } from '@oj/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { comments, replies } from '../../db/schema/index.js';
import { tooMany } from '../../lib/errors.js';
import { isOrdinaryUser } from '../discussion/discussion.rules.js';
import type { Tx } from '../problem/problem.store.js';
import type { CommentTarget } from './comment.scope.js';

/**
 * The comment rate limit (issue 23 §2b: 40 contest replies put 40 messages in one inbox in 0.7 s). An ordinary
 * user (not an admin role, not an admin of the contest commented on) writes at most the switch section's
 * `commentLimitPerThreadPerMinute` comments and replies together in one discussion or contest, and at most
 * `commentLimitPerMinute` in all (defaults LIMITS.commentsPerTargetPerWindow / commentsPerWindow), per
 * LIMITS.commentWindowSeconds; beyond, 429 `comment.tooFrequent` {seconds}
 * (with Retry-After) until the oldest of them leaves the window. Checked under the caller's advisory lock inside
 * the writing transaction, so parallel posts cannot pass together.
 */
export async function assertCommentRate(
  tx: Tx,
  user: SessionUser,
  target: CommentTarget,
  limits: CommentRateLimits,
): Promise<void> {
  if (!isOrdinaryUser(user) || (target.kind === 'contest' && target.isAdmin)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`comment-post:${user.uid}`}, 0))`);
  const windowMs = LIMITS.commentWindowSeconds * 1000;
  const since = new Date(Date.now() - windowMs);
  const here = target.kind === 'discussion' ? eq(comments.did, target.did) : eq(comments.cid, target.cid);
  const own = await tx
    .select({ at: comments.gmtCreate, here: sql<boolean>`${here}` })
    .from(comments)
    .where(and(eq(comments.fromUid, user.uid), gt(comments.gmtCreate, since)));
  const answers = await tx
    .select({ at: replies.gmtCreate, here: sql<boolean>`${here}` })
    .from(replies)
    .innerJoin(comments, eq(comments.id, replies.commentId))
    .where(and(eq(replies.fromUid, user.uid), gt(replies.gmtCreate, since)));
  const all = [...own, ...answers].map((r) => ({ at: r.at.getTime(), here: r.here === true }));
  const waits: number[] = [];
  for (const [rows, max] of [
    [all.filter((r) => r.here), limits.perThread],
    [all, limits.perMinute],
  ] as const) {
    if (rows.length < max) continue;
    // The post that must leave the window before one more fits: the (n - max + 1)-th oldest.
    const times = rows.map((r) => r.at).sort((a, b) => a - b);
    waits.push(times[rows.length - max] + windowMs - Date.now());
  }
  if (waits.length) {
    throw tooMany('comment.tooFrequent', { seconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) });
  }
}

/** The comment rate limit in force: comments and replies a minute in one discussion or contest, and in all. */
export interface CommentRateLimits {
  perThread: number;
  perMinute: number;
}

/**
 * Reads the comment rate limit from the switch section (System Config). Call it before the writing transaction:
 * the config is read through the app's own connection, which the embedded database holds during a transaction.
 */
export async function commentRateLimits(ctx: AppContext): Promise<CommentRateLimits> {
  const sw = await ctx.config.get('switch');
  return { perThread: sw.commentLimitPerThreadPerMinute, perMinute: sw.commentLimitPerMinute };
}
