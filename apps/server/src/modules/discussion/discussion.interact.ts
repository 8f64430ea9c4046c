import {
  CommentSourceType,
  DISCUSSION_LIMITS,
  formatReportContent,
  MessageAction,
  parseReportContent,
  REPORT_TAGS,
} from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { discussionLikes, discussionReports, discussions } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { remind } from '../message/message.service.js';
import { assertDiscussionAccess, assertNotDisabled } from './discussion.rules.js';
import { loadDiscussionRow } from './discussion.view.js';

/**
 * Likes and reports of discussions (issue 12; doc 2 §4.6, §5, §7): a like once per user that cannot be undone,
 * throttled per user by the spec's gap; a report of six fixed tags and a reason.
 */

/**
 * Loads a discussion users may act on: 404 unknown, its access rule, 403 disabled (admin roles and, for a group
 * discussion, its group's admins excepted).
 */
async function actionable(ctx: AppContext, user: SessionUser, did: number) {
  const row = await loadDiscussionRow(ctx, did);
  assertNotDisabled(user, row, await assertDiscussionAccess(ctx, user, row));
  return row;
}

/**
 * GET /api/discussion-like?did&toLike -> null. `toLike=false` is 400 (a like cannot be undone); liking again
 * changes nothing (the like gap is per post,
 * issue 25 item 11: liking other posts is never throttled). The first like raises `likeNum` and tells the author
 * (Like_Post), never for one's own discussion. Checked and
 * written under the caller's lock, so parallel likes of one post count once.
 */
export async function likeDiscussion(ctx: AppContext, user: SessionUser, did: number, toLike: boolean) {
  if (!toLike) throw badRequest('discussion.likeUndo');
  const row = await actionable(ctx, user, did);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`discussion-like:${user.uid}`}, 0))`,
    );
    const [mine] = await tx
      .select({ did: discussionLikes.did })
      .from(discussionLikes)
      .where(and(eq(discussionLikes.did, did), eq(discussionLikes.uid, user.uid)))
      .limit(1);
    // The spec's like gap (`LIMITS.discussionLikeGapMs`) is per post (issue 25 item 11): a like of a post is once and
    // cannot be undone, so a repeat changes nothing and liking another post is never held back.
    if (mine) return;
    await tx.insert(discussionLikes).values({ did, uid: user.uid, gmtCreate: new Date() });
    await tx
      .update(discussions)
      .set({ likeNum: sql`${discussions.likeNum} + 1` })
      .where(eq(discussions.id, did));
    await remind(tx, {
      recipientUid: row.uid,
      senderUid: user.uid,
      action: MessageAction.LIKE_POST,
      sourceId: did,
      sourceType: CommentSourceType.DISCUSSION,
      gid: row.gid,
    });
  });
}

/**
 * POST /api/discussion-report {did, content} -> null. `content` = `#tag#…` (REPORT_TAGS) then the reason (≤ 200
 * characters): 400 without either, for an unknown tag or a long reason, and while the caller's previous report of
 * this discussion is unhandled. Stored with the session's username as reporter, tags de-duplicated.
 */
export async function reportDiscussion(ctx: AppContext, user: SessionUser, did: number, content: string) {
  const { tags, reason } = parseReportContent(content);
  const unknown = tags.find((t) => !(REPORT_TAGS as readonly string[]).includes(t));
  if (unknown) throw badRequest('discussion.reportUnknownTag', { tag: unknown });
  if (!tags.length && !reason) throw badRequest('discussion.reportEmpty');
  const max = DISCUSSION_LIMITS.reportReasonMax;
  if ([...reason].length > max) throw badRequest('discussion.reportReasonTooLong', { max });
  await actionable(ctx, user, did);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`discussion-report:${user.uid}`}, 0))`,
    );
    const [open] = await tx
      .select({ id: discussionReports.id })
      .from(discussionReports)
      .where(
        and(
          eq(discussionReports.did, did),
          eq(discussionReports.reporterUid, user.uid),
          eq(discussionReports.status, false),
        ),
      )
      .limit(1);
    if (open) throw badRequest('discussion.alreadyReported');
    await tx.insert(discussionReports).values({
      did,
      reporterUid: user.uid,
      reporter: user.username,
      content: formatReportContent(tags, reason),
    });
  });
}
