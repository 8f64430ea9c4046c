import {
  CLARIFICATION_LIMITS,
  type ContestClarificationUnreadVo,
  type ContestClarificationVo,
  ContestStatus,
  type Page,
  type SubmitClarificationBody,
} from '@oj/shared';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppEvents } from '../../../app-events.js';
import type { AppContext, SessionUser } from '../../../context.js';
import { contestClarificationReads, contestClarifications } from '../../../db/schema/index.js';
import { forbidden, tooMany } from '../../../lib/errors.js';
import { publishClarificationAsked } from '../../events/publish.js';
import { enterContest } from '../contest.access.js';
import { contestStatus } from '../contest.clock.js';
import { forgetContestRead, recentContestRead } from '../contest.reads.js';
import { columnsFor, problemOf, readPage, seenBy, toVo, unreadFor } from './clarification.view.js';

/**
 * Clarifications, the participant side (issue 10 §3; docs/contests.md "Clarifications"). A participant is whoever
 * passes the contest access rule (`enterContest`: login, visible, registered for a private contest, started for
 * non-admins). They ask while the contest runs, see their own questions and every public clarification (never
 * another participant's private one), and keep read marks on the server so the badge follows them.
 */

const c = contestClarifications;
const reads = contestClarificationReads;

/**
 * POST /api/submit-contest-clarification {cid, displayId?, content} -> { id }. The contest access rule (401
 * anonymous, 404 unknown or hidden, 403 private without registration or not started), then 403 after the end,
 * 400 for a display id the contest lacks, and under a per-user advisory lock 429 within 30 s of the caller's last
 * question in this contest or with 10 of their questions still unanswered. A stored question sends the live event
 * `clarification-asked` to the contest's admins (docs/events.md).
 */
export async function askClarification(
  ctx: AppContext,
  user: SessionUser | null,
  b: SubmitClarificationBody,
): Promise<{ id: number }> {
  const { user: u, contest } = await enterContest(ctx, user, b.cid);
  if (contestStatus(contest, new Date()) === ContestStatus.ENDED)
    throw forbidden('contest.clarificationClosed');
  const problem = await problemOf(ctx, b.cid, b.displayId);
  const seconds = CLARIFICATION_LIMITS.intervalS;
  const max = CLARIFICATION_LIMITS.unansweredMax;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`clar:${b.cid}:${u.uid}`}, 0))`);
    const mine = and(eq(c.cid, b.cid), eq(c.uid, u.uid), isNotNull(c.question));
    const [last] = await tx
      .select({ at: c.gmtCreate })
      .from(c)
      .where(mine)
      .orderBy(desc(c.gmtCreate))
      .limit(1);
    if (last && Date.now() - last.at.getTime() < seconds * 1000) {
      throw tooMany('contest.clarificationTooFrequent', { seconds });
    }
    const [{ open }] = await tx
      .select({ open: count() })
      .from(c)
      .where(and(mine, isNull(c.answer)));
    if (open >= max) throw tooMany('contest.clarificationTooManyOpen', { count: open });
    const [row] = await tx
      .insert(c)
      .values({
        cid: b.cid,
        pid: problem?.pid ?? null,
        displayId: problem?.displayId ?? null,
        uid: u.uid,
        username: u.username,
        question: b.content,
        gmtCreate: new Date(),
      })
      .returning({ id: c.id });
    // The contest's admins hear of it at commit (their queue and badge refetch); nobody else does.
    await publishClarificationAsked(tx, b.cid, row.id);
    return { id: row.id };
  });
}

/**
 * GET /api/get-contest-clarification?cid&currentPage&limit (20) -> Page<ContestClarificationVo>: the caller's own
 * questions (answered or not) and every public clarification, latest activity (answer, else question) first.
 * Contest access rule; contest admins get the same participant view here (their queue is the admin call).
 */
export async function listClarifications(
  ctx: AppContext,
  user: SessionUser | null,
  q: { cid: number; currentPage: number; limit: number },
): Promise<Page<ContestClarificationVo>> {
  const { user: u, standing } = await enterContest(ctx, user, q.cid);
  return readPage(
    ctx,
    seenBy(q.cid, u.uid),
    [desc(sql`coalesce(${c.gmtAnswered}, ${c.gmtCreate})`), desc(c.id)],
    q,
    { uid: u.uid, isAdmin: standing.isAdmin },
  );
}

/**
 * GET /api/get-contest-not-read-clarification?cid -> ContestClarificationUnreadVo: how many answers the caller has
 * not read, the newest 100 of them, and for contest admins the number of unanswered questions. Contest access rule.
 */
export async function unreadClarifications(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
): Promise<ContestClarificationUnreadVo> {
  const { user: u, standing } = await enterContest(ctx, user, cid);
  // No answer in the contest yet (every contest's start): nothing unread for anyone, without the per-user reads.
  // Whether one exists is reused for a quarter second and forgotten when one is given (contest.reads.ts).
  const answered = await recentContestRead(ctx, cid, 'clarifications:answered', async () => {
    const [r] = await ctx.db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.cid, cid), isNotNull(c.answer)))
      .limit(1);
    return !!r;
  });
  if (!answered && !standing.isAdmin) return { count: 0, ids: [], records: [], unanswered: null };
  const where = and(eq(c.cid, cid), unreadFor(u.uid));
  const [[{ n }], rows, unanswered] = await Promise.all([
    ctx.db.select({ n: count() }).from(c).where(where),
    ctx.db
      .select(columnsFor(u.uid))
      .from(c)
      .where(where)
      .orderBy(desc(c.gmtModified), desc(c.id))
      .limit(CLARIFICATION_LIMITS.unreadMax),
    standing.isAdmin
      ? ctx.db
          .select({ n: count() })
          .from(c)
          .where(and(eq(c.cid, cid), isNull(c.answer)))
          .then(([r]) => r.n)
      : Promise.resolve(null),
  ]);
  const v = { uid: u.uid, isAdmin: standing.isAdmin };
  const records = rows.map((r) => toVo(r.row, r.unread, v));
  return { count: n, ids: records.map((r) => r.id), records, unanswered };
}

/**
 * PUT /api/read-contest-clarification {cid, ids?} -> { count }: marks read the answers among `ids` (all when
 * absent) that the caller sees in the contest; other ids are ignored. Returns how many were newly marked.
 * Contest access rule.
 */
export async function markClarificationsRead(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  ids: number[] | undefined,
): Promise<{ count: number }> {
  const { user: u } = await enterContest(ctx, user, cid);
  if (ids && ids.length === 0) return { count: 0 };
  const conds = [seenBy(cid, u.uid), isNotNull(c.answer)];
  if (ids) conds.push(inArray(c.id, ids));
  const marked = await ctx.db
    .insert(reads)
    .select(
      ctx.db
        .select({
          clarificationId: c.id,
          uid: sql<string>`${u.uid}::text`.as('uid'),
          gmtRead: sql<Date>`now()`.as('gmt_read'),
        })
        .from(c)
        .where(and(...conds)),
    )
    .onConflictDoNothing()
    .returning({ id: reads.clarificationId });
  return { count: marked.length };
}

/**
 * Registers the participant side's listener (the clarification plugin calls it once): an answer given in this
 * process forgets the reused 'any answer yet' of its contest (unreadClarifications).
 */
export function registerClarificationReads(events: AppEvents): void {
  events.on('clarification/answered', (e) => forgetContestRead(e.cid, 'clarifications:'), {
    area: 'contest',
  });
}
