import { JudgeStatus } from '@oj/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contests, submissions } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { contestAdminIn } from '../contest/contest.access.js';
import { visibleVerdictSql } from '../contest/contest.visibility.js';

export interface ProblemStatusQuery {
  pidList: number[];
  /** Contest id: only that contest's submissions count; absent or 0 means outside contests. */
  cid?: number | null;
  /** Group id: only that group's submissions count (outside contests). */
  gid?: number | null;
}

export interface ProblemStatusVo {
  /** 0 Accepted when any submission was accepted, else the latest submission's status; -10 never submitted. */
  status: number;
  /** Highest score among the submissions (OI), or null. */
  score: number | null;
}

/**
 * The caller's status per problem (doc 2 §7 POST /api/get-user-problem-status): one grouped query over the
 * user's submissions (index submissions_uid_idx). Every pid of the list is in the answer; never-submitted
 * problems get status -10 (Not Submitted).
 */
export async function userProblemStatus(
  ctx: AppContext,
  uid: string,
  q: ProblemStatusQuery,
): Promise<Record<number, ProblemStatusVo>> {
  const out: Record<number, ProblemStatusVo> = {};
  const pids = [...new Set(q.pidList)];
  for (const pid of pids) out[pid] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
  if (pids.length === 0) return out;
  const rows = await ctx.db
    .select({
      pid: submissions.pid,
      anyAc: sql<boolean>`bool_or(${submissions.status} = ${JudgeStatus.ACCEPTED})`,
      latest: sql<number>`(array_agg(${submissions.status} order by ${submissions.id} desc))[1]`,
      score: sql<number | null>`max(${submissions.score})`,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.uid, uid),
        inArray(submissions.pid, pids),
        eq(submissions.cid, q.cid ?? 0),
        q.gid != null ? eq(submissions.gid, q.gid) : undefined,
      ),
    )
    .groupBy(submissions.pid);
  for (const r of rows) {
    out[r.pid] = {
      status: r.anyAc ? JudgeStatus.ACCEPTED : Number(r.latest),
      score: r.score == null ? null : Number(r.score),
    };
  }
  return out;
}

/**
 * The caller's most recent accepted code for a problem (doc 2 §7 GET /api/get-last-ac-code), in the contest
 * `cid` (0 outside contests). In a contest only submissions whose verdict the contest shows the caller count
 * (visibleVerdictSql: a sealed OI contest hides one's own; issue 23 §2a). 400 with the spec's message when the user
 * has not passed the problem (as far as they may see).
 */
export async function lastAcCode(
  ctx: AppContext,
  user: SessionUser,
  pid: number,
  cid: number,
): Promise<{ code: string; language: string }> {
  const uid = user.uid;
  let visible: SQL | undefined;
  if (cid > 0) {
    const [contest] = await ctx.db.select().from(contests).where(eq(contests.id, cid)).limit(1);
    if (contest) {
      const isAdmin = await contestAdminIn(ctx, user, contest);
      visible = visibleVerdictSql({ contest, uid, isAdmin, now: new Date() }, submissions);
    }
  }
  const [row] = await ctx.db
    .select({ code: submissions.code, language: submissions.language })
    .from(submissions)
    .where(
      and(
        eq(submissions.uid, uid),
        eq(submissions.pid, pid),
        eq(submissions.cid, cid),
        eq(submissions.status, JudgeStatus.ACCEPTED),
        visible,
      ),
    )
    .orderBy(desc(submissions.id))
    .limit(1);
  if (!row) throw badRequest('problem.notPassed');
  return row;
}
