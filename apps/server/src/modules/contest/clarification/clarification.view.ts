import type { ContestClarificationVo, Page } from '@oj/shared';
import { and, count, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import {
  contestClarificationReads,
  contestClarifications,
  contestProblems,
} from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/errors.js';

/**
 * What every clarification call shares (issue 10 §3): the participant's visibility and unread rules as SQL, the
 * answer shape, the page reader and the display-id lookup. The rules themselves live in the services.
 */

const c = contestClarifications;
const reads = contestClarificationReads;
type Row = typeof c.$inferSelect;

/** Who reads a list: the caller's uid, and whether they administer the contest (admins see names). */
export interface Viewer {
  uid: string;
  isAdmin: boolean;
}

/** A participant sees, in contest `cid`, their own questions and every public clarification. */
export const seenBy = (cid: number, uid: string): SQL =>
  and(eq(c.cid, cid), or(eq(c.uid, uid), eq(c.public, true))) as SQL;

/**
 * Unread for `uid`: answered, seen by them as a participant, not answered by them, and not marked read. (A read
 * mark is dropped when the answer is edited.)
 */
export const unreadFor = (uid: string): SQL =>
  and(
    isNotNull(c.answer),
    or(eq(c.uid, uid), eq(c.public, true)),
    sql`${c.answerUid} is distinct from ${uid}`,
    sql`not exists (select 1 from ${reads} where ${reads.clarificationId} = ${c.id} and ${reads.uid} = ${uid})`,
  ) as SQL;

/** The columns of a list row: the clarification and whether `uid` has it unread. */
export const columnsFor = (uid: string) => ({
  row: c,
  unread: sql<boolean>`(${unreadFor(uid)})`.mapWith(Boolean),
});

/** The answer shape; names only for contest admins (`username` also for the asker). */
export function toVo(r: Row, unread: boolean, v: Viewer): ContestClarificationVo {
  const mine = r.uid != null && r.uid === v.uid;
  return {
    id: r.id,
    cid: r.cid,
    pid: r.pid,
    displayId: r.displayId,
    question: r.question,
    answer: r.answer,
    public: r.public,
    mine,
    username: v.isAdmin || mine ? r.username : null,
    answerUsername: v.isAdmin ? r.answerUsername : null,
    announcementId: r.announcementId,
    unread,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtAnswered: r.gmtAnswered?.toISOString() ?? null,
    gmtModified: r.gmtModified.toISOString(),
  };
}

/** One page of the rows matching `where`, ordered by `order`, as `v` sees them. */
export async function readPage(
  ctx: AppContext,
  where: SQL,
  order: SQL[],
  q: { currentPage: number; limit: number },
  v: Viewer,
): Promise<Page<ContestClarificationVo>> {
  const [[{ n }], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(c).where(where),
    ctx.db
      .select(columnsFor(v.uid))
      .from(c)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
  ]);
  return {
    records: rows.map((r) => toVo(r.row, r.unread, v)),
    total: n,
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * The contest problem shown as `displayId` (case-insensitive), or null for a general clarification (no display
 * id). 400 "displayId: X is not a problem of this contest" when the contest has no such problem.
 */
export async function problemOf(
  ctx: AppContext,
  cid: number,
  displayId: string | null,
): Promise<{ pid: number; displayId: string } | null> {
  if (!displayId) return null;
  const [cp] = await ctx.db
    .select({ pid: contestProblems.pid, displayId: contestProblems.displayId })
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, cid), sql`upper(${contestProblems.displayId}) = upper(${displayId})`))
    .limit(1);
  if (!cp) throw badRequest('contest.clarificationUnknownProblem', { displayId });
  return cp;
}
