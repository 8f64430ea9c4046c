import { JudgeStatus } from '@oj/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

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
 * `cid` (0 outside contests). 400 with the spec's message when the user has not passed the problem.
 */
export async function lastAcCode(
  ctx: AppContext,
  uid: string,
  pid: number,
  cid: number,
): Promise<{ code: string; language: string }> {
  const [row] = await ctx.db
    .select({ code: submissions.code, language: submissions.language })
    .from(submissions)
    .where(
      and(
        eq(submissions.uid, uid),
        eq(submissions.pid, pid),
        eq(submissions.cid, cid),
        eq(submissions.status, JudgeStatus.ACCEPTED),
      ),
    )
    .orderBy(desc(submissions.id))
    .limit(1);
  if (!row) throw badRequest('problem.notPassed');
  return row;
}
