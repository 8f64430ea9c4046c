import { type ContestProblemVo, ContestType, JudgeStatus } from '@oj/shared';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestProblems, problems, submissions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { problemDetailOf } from '../problem/problem.query.js';
import { userProblemStatus } from '../problem/problem.status.js';
import { type ContestRow, enterContest } from './contest.access.js';
import { seesRealResults } from './contest.clock.js';
import { recentContestRead } from './contest.reads.js';

const S = JudgeStatus;
const counted = (status: number) =>
  sql<number>`count(*) FILTER (WHERE ${submissions.status} = ${status})::int`;

/**
 * Judge counts of each problem over the contest's submissions made from the start (and before the end unless
 * `containsEnd`): total and per verdict, as the practice problemCount. One grouped query on submissions_cid_idx.
 */
async function contestCounts(ctx: AppContext, c: ContestRow, containsEnd: boolean) {
  const rows = await ctx.db
    .select({
      pid: submissions.pid,
      total: sql<number>`count(*)::int`,
      ac: counted(S.ACCEPTED),
      wa: counted(S.WRONG_ANSWER),
      ce: counted(S.COMPILE_ERROR),
      pa: counted(S.PARTIAL_ACCEPTED),
      tle: counted(S.TIME_LIMIT_EXCEEDED),
      mle: counted(S.MEMORY_LIMIT_EXCEEDED),
      re: counted(S.RUNTIME_ERROR),
      pe: counted(S.PRESENTATION_ERROR),
      se: counted(S.SYSTEM_ERROR),
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.cid, c.id),
        gte(submissions.submitTime, c.startTime),
        containsEnd ? undefined : lt(submissions.submitTime, c.endTime),
      ),
    )
    .groupBy(submissions.pid);
  return new Map(rows.map((r) => [r.pid, r]));
}

/** contestCounts reused for a quarter second (contest.reads.ts): the same for every viewer who sees real results. */
const recentCounts = (ctx: AppContext, c: ContestRow, containsEnd: boolean) =>
  recentContestRead(ctx, c.id, `counts:${containsEnd}`, () => contestCounts(ctx, c, containsEnd));

/** The caller's status per problem in the contest; OI results not real-time show as -5 once submitted. */
async function myStatuses(ctx: AppContext, user: SessionUser, c: ContestRow, pids: number[], real: boolean) {
  const mine = await userProblemStatus(ctx, user.uid, { pidList: pids, cid: c.id });
  if (real || c.type !== ContestType.OI) return mine;
  for (const s of Object.values(mine)) {
    if (s.status !== S.NOT_SUBMITTED) {
      s.status = S.SUBMITTED_UNKNOWN_RESULT;
      s.score = null;
    }
  }
  return mine;
}

/**
 * GET /api/get-contest-problem?cid=&containsEnd= (doc 2 §2.8): the contest's problems in display-id order with ac
 * and total counts (null, shown as "?", when the caller has no real-time results, see seesRealResults) and the
 * caller's status. Access as enterContest (401 / 403 / 404).
 */
export async function contestProblemList(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  containsEnd: boolean,
): Promise<ContestProblemVo[]> {
  const { user: u, contest, standing } = await enterContest(ctx, user, cid);
  const now = new Date();
  const real = seesRealResults(contest, now, standing.isAdmin);
  const rows = await recentContestRead(ctx, cid, 'problems', () =>
    ctx.db
      .select({
        cp: contestProblems,
        problemId: problems.problemId,
        title: problems.title,
        type: problems.type,
      })
      .from(contestProblems)
      .innerJoin(problems, eq(problems.id, contestProblems.pid))
      .where(eq(contestProblems.cid, cid))
      .orderBy(asc(contestProblems.displayId), asc(contestProblems.id)),
  );
  const pids = rows.map((r) => r.cp.pid);
  const [counts, mine] = await Promise.all([
    real ? recentCounts(ctx, contest, containsEnd) : Promise.resolve(null),
    myStatuses(ctx, u, contest, pids, real),
  ]);
  return rows.map(({ cp, problemId, title, type }) => ({
    id: cp.id,
    cid: cp.cid,
    pid: cp.pid,
    problemId,
    displayId: cp.displayId,
    displayTitle: cp.displayTitle || title,
    color: cp.color,
    type,
    ac: counts ? (counts.get(cp.pid)?.ac ?? 0) : null,
    total: counts ? (counts.get(cp.pid)?.total ?? 0) : null,
    myStatus: mine[cp.pid]?.status ?? S.NOT_SUBMITTED,
    score: mine[cp.pid]?.score ?? null,
  }));
}

/**
 * GET /api/get-contest-problem-details?cid=&displayId=&containsEnd= (doc 2 §2.8): the practice problem detail
 * (problemDetailOf) with the display title, the contest-problem fields, the contest's counts (null when not
 * real-time) and the caller's contest status. 404 when no problem of the contest shows that display id.
 */
export async function contestProblemDetail(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  displayId: string,
  containsEnd: boolean,
) {
  const { user: u, contest, standing } = await enterContest(ctx, user, cid);
  // The problem and its detail are the same for everyone inside: reused for a quarter second (contest.reads.ts).
  const found = await recentContestRead(ctx, cid, `detail:${displayId.toUpperCase()}`, async () => {
    const [row] = await ctx.db
      .select({ cp: contestProblems, p: problems })
      .from(contestProblems)
      .innerJoin(problems, eq(problems.id, contestProblems.pid))
      .where(
        and(eq(contestProblems.cid, cid), sql`upper(${contestProblems.displayId}) = upper(${displayId})`),
      )
      .limit(1);
    return row ? { row, detail: await problemDetailOf(ctx, row.p) } : null;
  });
  if (!found) throw notFound('contest.problemNotInContest');
  const { row, detail } = found;
  const real = seesRealResults(contest, new Date(), standing.isAdmin);
  const [counts, mine] = await Promise.all([
    real ? recentCounts(ctx, contest, containsEnd) : Promise.resolve(null),
    myStatuses(ctx, u, contest, [row.p.id], real),
  ]);
  const count = counts?.get(row.p.id);
  const zero = { total: 0, ac: 0, wa: 0, ce: 0, pa: 0, tle: 0, mle: 0, re: 0, pe: 0, se: 0 };
  return {
    ...detail,
    problem: { ...detail.problem, title: row.cp.displayTitle || row.p.title },
    contestProblem: {
      id: row.cp.id,
      displayId: row.cp.displayId,
      displayTitle: row.cp.displayTitle || row.p.title,
      color: row.cp.color,
    },
    problemCount: real ? { pid: row.p.id, ...zero, ...(count ?? {}) } : null,
    myStatus: mine[row.p.id]?.status ?? S.NOT_SUBMITTED,
  };
}

/**
 * The problem `pid` (numeric id) of contest `cid` as the contest's problem pages reach it (doc 2 §2.8): access as
 * enterContest (401 / 403 / 404), 404 when the contest does not hold that problem. Returns the problem row; the
 * problem's own visibility (auth contest-only…) does not matter inside the contest.
 */
export async function viewableContestProblem(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  pid: number,
): Promise<typeof problems.$inferSelect> {
  await enterContest(ctx, user, cid);
  // Reused for a quarter second (contest.reads.ts): the problem page's calls each check it. Never mutate the row.
  const row = await recentContestRead(ctx, cid, `pid:${pid}`, async () => {
    const [r] = await ctx.db
      .select({ p: problems })
      .from(contestProblems)
      .innerJoin(problems, eq(problems.id, contestProblems.pid))
      .where(and(eq(contestProblems.cid, cid), eq(contestProblems.pid, pid)))
      .limit(1);
    return r ?? null;
  });
  if (!row) throw notFound('contest.problemNotInContest');
  return row.p;
}

/**
 * POST /api/get-user-problem-status with isContestProblemList and cid: the caller's status per problem in the
 * contest, with OI results hidden while not real-time (as the contest problem list). Access as enterContest.
 */
export async function contestUserProblemStatus(
  ctx: AppContext,
  user: SessionUser,
  cid: number,
  pidList: number[],
) {
  const { contest, standing } = await enterContest(ctx, user, cid);
  const real = seesRealResults(contest, new Date(), standing.isAdmin);
  return myStatuses(ctx, user, contest, pidList, real);
}
