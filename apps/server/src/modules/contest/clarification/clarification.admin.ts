import type {
  AnswerClarificationBody,
  ContestClarificationVo,
  Page,
  PostClarificationBody,
} from '@oj/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../../context.js';
import { contestClarificationReads, contestClarifications } from '../../../db/schema/index.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { loadAdministeredContest } from '../contest.admin.js';
import { adminCreateAnnouncement, adminUpdateAnnouncement } from '../contest.announcement.js';
import { problemOf, readPage } from './clarification.view.js';

/**
 * Clarifications, the contest-admin side (issue 10 §3; docs/contests.md "Clarifications"): the queue, answering
 * (privately or to everyone, optionally as a contest announcement), editing an answer, posting unprompted and
 * deleting. Contest admin = `loadAdministeredContest` (creator, super admin, or a group contest's roots whatever
 * their site role; 403 `contest.manageOwnerOnly`).
 * Each answer tells the `clarification/answered` listeners (ctx.events) once its transaction has committed.
 */

const c = contestClarifications;
type Row = typeof c.$inferSelect;

/**
 * GET /api/admin/contest/clarification?cid&currentPage&limit&onlyUnanswered -> Page<ContestClarificationVo>: every
 * clarification of the contest, unanswered first, then newest first; `onlyUnanswered` keeps the unanswered ones.
 */
export async function adminListClarifications(
  ctx: AppContext,
  user: SessionUser,
  q: { cid: number; currentPage: number; limit: number; onlyUnanswered: boolean },
): Promise<Page<ContestClarificationVo>> {
  await loadAdministeredContest(ctx, user, q.cid);
  const where = (q.onlyUnanswered ? and(eq(c.cid, q.cid), isNull(c.answer)) : eq(c.cid, q.cid)) as SQL;
  return readPage(ctx, where, [desc(sql`(${c.answer} is null)`), desc(c.id)], q, {
    uid: user.uid,
    isAdmin: true,
  });
}

/** The clarification `id` of contest `cid`; 404 "The clarification does not exist in this contest" otherwise. */
async function loadClarification(ctx: AppContext, id: number, cid?: number): Promise<Row> {
  const [row] = await ctx.db.select().from(c).where(eq(c.id, id)).limit(1);
  if (!row || (cid != null && row.cid !== cid)) throw notFound('contest.clarificationNotFound');
  return row;
}

/** The announcement text made from a clarification: the question quoted (if any), then the answer. */
function announcementText(question: string | null, answer: string): string {
  if (!question) return answer;
  return `${question
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}\n\n${answer}`;
}

/**
 * Creates (or, when the clarification has one, updates) the contest announcement made from an answer, through
 * the announcement service; returns its id. Title: `title`, else "Clarification (A)" / "Clarification".
 */
async function announce(
  ctx: AppContext,
  user: SessionUser,
  row: Pick<Row, 'id' | 'cid' | 'displayId' | 'question' | 'announcementId'>,
  answer: string,
  title: string | undefined,
): Promise<number> {
  const announcement = {
    title: title || (row.displayId ? `Clarification (${row.displayId})` : 'Clarification'),
    content: announcementText(row.question, answer),
  };
  if (row.announcementId != null) {
    await adminUpdateAnnouncement(ctx, user, {
      cid: row.cid,
      announcement: { ...announcement, id: row.announcementId },
    });
    return row.announcementId;
  }
  const { id } = await adminCreateAnnouncement(ctx, user, { cid: row.cid, announcement });
  await ctx.db.update(c).set({ announcementId: id }).where(eq(c.id, row.id));
  return id;
}

/**
 * PUT /api/admin/contest/clarification {id, cid, answer, public, question?, announce?, announceTitle?} ->
 * { announcementId }: answers the question, or edits the answer (an edit shows as unread again). `question`
 * rewords the question as the public will read it (400 for a post, which has none); a post stays public (400
 * otherwise). `announce` (public answers only, 400 otherwise) also posts it as a contest announcement, or updates
 * the one made before. 403 not the contest's admin, 404 unknown clarification or one of another contest.
 */
export async function answerClarification(
  ctx: AppContext,
  user: SessionUser,
  b: AnswerClarificationBody,
): Promise<{ announcementId: number | null }> {
  await loadAdministeredContest(ctx, user, b.cid);
  const row = await loadClarification(ctx, b.id, b.cid);
  if (row.question == null && b.question != null) throw badRequest('contest.clarificationNoQuestion');
  if (row.question == null && !b.public) {
    throw badRequest('validation.invalid', {
      field: 'public',
      detail: 'a clarification posted without a question is always public',
    });
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(c)
      .set({
        answer: b.answer,
        public: b.public,
        question: b.question ?? row.question,
        answerUid: user.uid,
        answerUsername: user.username,
        gmtAnswered: row.gmtAnswered ?? now,
        gmtModified: now,
      })
      .where(eq(c.id, row.id));
    await tx.delete(contestClarificationReads).where(eq(contestClarificationReads.clarificationId, row.id));
  });
  let announcementId = row.announcementId;
  if (b.announce) {
    const question = b.question ?? row.question;
    announcementId = await announce(ctx, user, { ...row, question }, b.answer, b.announceTitle);
  }
  await ctx.events.settle('clarification/answered', {
    cid: row.cid,
    clarificationId: row.id,
    public: b.public,
    askerUid: row.uid,
    pid: row.pid,
  });
  return { announcementId };
}

/**
 * POST /api/admin/contest/clarification {cid, displayId?, answer, announce?, announceTitle?} -> { id,
 * announcementId }: a clarification to everyone without a question (about a problem or general), optionally also
 * a contest announcement. 403 not the contest's admin, 400 unknown display id.
 */
export async function postClarification(
  ctx: AppContext,
  user: SessionUser,
  b: PostClarificationBody,
): Promise<{ id: number; announcementId: number | null }> {
  await loadAdministeredContest(ctx, user, b.cid);
  const problem = await problemOf(ctx, b.cid, b.displayId);
  const now = new Date();
  const [row] = await ctx.db
    .insert(c)
    .values({
      cid: b.cid,
      pid: problem?.pid ?? null,
      displayId: problem?.displayId ?? null,
      answer: b.answer,
      public: true,
      answerUid: user.uid,
      answerUsername: user.username,
      gmtCreate: now,
      gmtAnswered: now,
      gmtModified: now,
    })
    .returning();
  const announcementId = b.announce ? await announce(ctx, user, row, b.answer, b.announceTitle) : null;
  await ctx.events.settle('clarification/answered', {
    cid: row.cid,
    clarificationId: row.id,
    public: true,
    askerUid: null,
    pid: row.pid,
  });
  return { id: row.id, announcementId };
}

/**
 * DELETE /api/admin/contest/clarification?id= -> null: removes a clarification (e.g. a flood) with its read marks;
 * an announcement made from it stays. 404 unknown, then 403 not its contest's admin.
 */
export async function deleteClarification(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  const row = await loadClarification(ctx, id);
  await loadAdministeredContest(ctx, user, row.cid);
  await ctx.db.delete(c).where(eq(c.id, id));
}
