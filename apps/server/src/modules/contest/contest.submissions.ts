import type { Page, SubmissionListItem } from '@oj/shared';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestProblems, problems, submissions } from '../../db/schema/index.js';
import { cachedTotal } from '../../lib/cached-total.js';
import { submissionListColumns } from '../submission/submission.list.js';
import { toSubmissionListItem } from '../submission/submission.view.js';
import { enterContest } from './contest.access.js';
import { shownVerdict, type VerdictViewer, visibleVerdictSql } from './contest.visibility.js';

export interface ContestSubmissionQuery {
  cid: number;
  currentPage: number;
  limit: number;
  onlyMine: boolean;
  status?: number;
  username?: string;
  /** A display id of the contest (A, B…), exact (case-insensitive). */
  problemID?: string;
  /** Include submissions made before the start (contest admins' checks). */
  beforeContestSubmit: boolean;
  /** Include submissions made after the end (allowEndSubmit). */
  containsEnd: boolean;
}

/**
 * GET /api/contest-submissions (doc 2 §7, issue 9 §3): the contest's submissions, newest first, filtered by mine,
 * status, username and display id; from the start (or all with beforeContestSubmit) to the end (or later with
 * containsEnd). Verdicts show as shownVerdict decides (hidden ones as Pending or Submitted Unknown Result) and a
 * status filter only matches visible verdicts. Access as enterContest. Never carries code.
 */
export async function listContestSubmissions(
  ctx: AppContext,
  viewer: SessionUser | null,
  q: ContestSubmissionQuery,
): Promise<Page<SubmissionListItem>> {
  const { user, contest, standing } = await enterContest(ctx, viewer, q.cid);
  const v: VerdictViewer = { contest, uid: user.uid, isAdmin: standing.isAdmin, now: new Date() };
  const conds: (SQL | undefined)[] = [eq(submissions.cid, contest.id)];
  if (!q.beforeContestSubmit) conds.push(gte(submissions.submitTime, contest.startTime));
  if (!q.containsEnd) conds.push(lt(submissions.submitTime, contest.endTime));
  if (q.onlyMine) conds.push(eq(submissions.uid, user.uid));
  else if (q.username?.trim()) conds.push(eq(submissions.username, q.username.trim()));
  if (q.status != null) conds.push(eq(submissions.status, q.status), visibleVerdictSql(v, submissions));
  if (q.problemID?.trim()) conds.push(sql`upper(${submissions.displayPid}) = upper(${q.problemID.trim()})`);
  const where = and(...conds);
  const rows = await ctx.db
    .select({ s: submissionListColumns, title: problems.title, displayTitle: contestProblems.displayTitle })
    .from(submissions)
    .innerJoin(problems, eq(problems.id, submissions.pid))
    .leftJoin(
      contestProblems,
      and(eq(contestProblems.cid, submissions.cid), eq(contestProblems.pid, submissions.pid)),
    )
    .where(where)
    .orderBy(desc(submissions.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  const key = JSON.stringify([q, user.uid, standing.isAdmin]);
  const total = await cachedTotal(ctx, `contest-submissions:${key}`, async () => {
    const [c] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(submissions).where(where);
    return Number(c?.n ?? 0);
  });
  return {
    records: rows.map(({ s, title, displayTitle }) =>
      toSubmissionListItem(shownVerdict(v, s), displayTitle || title),
    ),
    total,
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * POST /api/check-contest-submissions-status {submitIds, cid} (doc 2 §7): map submitId -> {submitId, status,
 * score, time (ms), memory (KB)} for the ids that belong to the contest, shown as shownVerdict decides. Access as
 * enterContest.
 */
export async function checkContestSubmissionsStatus(
  ctx: AppContext,
  viewer: SessionUser | null,
  cid: number,
  submitIds: number[],
) {
  const { user, contest, standing } = await enterContest(ctx, viewer, cid);
  const v: VerdictViewer = { contest, uid: user.uid, isAdmin: standing.isAdmin, now: new Date() };
  const out: Record<
    string,
    { submitId: number; status: number; score: number | null; time: number | null; memory: number | null }
  > = {};
  if (!submitIds.length) return out;
  const rows = await ctx.db
    .select({
      id: submissions.id,
      uid: submissions.uid,
      submitTime: submissions.submitTime,
      status: submissions.status,
      score: submissions.score,
      time: submissions.time,
      memory: submissions.memory,
    })
    .from(submissions)
    .where(and(inArray(submissions.id, submitIds), eq(submissions.cid, contest.id)));
  for (const r of rows) {
    const s = shownVerdict(v, r);
    out[r.id] = { submitId: r.id, status: s.status, score: s.score, time: s.time, memory: s.memory };
  }
  return out;
}
