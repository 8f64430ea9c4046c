import { ContestStatus } from '@oj/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestProblems, problems } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { AdmittedSubmit } from '../submission/submission.scope.js';
import type { SubmitInput } from '../submission/submission.service.js';
import { enterContest, fitsContestAccountLimit } from './contest.access.js';
import { contestStatus } from './contest.clock.js';
import { recentContestRead } from './contest.reads.js';

/** The contest's problem named by `pid`: its numeric id when it is one of the contest's, else its display id. */
async function findContestProblem(ctx: AppContext, cid: number, pid: string | number) {
  const key = String(pid).trim();
  const find = (match: SQL) =>
    ctx.db
      .select({ cp: contestProblems, p: problems })
      .from(contestProblems)
      .innerJoin(problems, eq(problems.id, contestProblems.pid))
      .where(and(eq(contestProblems.cid, cid), match))
      .limit(1);
  const [byPid] = /^\d{1,15}$/.test(key) ? await find(eq(contestProblems.pid, Number(key))) : [];
  if (byPid) return byPid;
  const [byDisplay] = await find(sql`upper(${contestProblems.displayId}) = upper(${key})`);
  if (!byDisplay) throw notFound('contest.problemNotInContest');
  return byDisplay;
}

/**
 * The contest admission rule (doc 2 §4.2, §6; issue 9 §3), asked by the shared submission code for a submit with
 * `cid`: the caller may enter the contest (enterContest: 401 / 404 / 403 private unregistered or not started);
 * protected and private contests need a registration to submit (403), contest admins excepted; after the end
 * only with allowEndSubmit (the submission then counts as after-contest); the account limit (403); the site's
 * contest-judge switch (403 for non-admins); the problem must be the contest's (404). Files the submission
 * under the contest's display id.
 */
export async function admitContestSubmit(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
): Promise<AdmittedSubmit> {
  const { contest, standing } = await enterContest(ctx, user, input.cid);
  if (!standing.canSubmit) throw forbidden('contest.registerBeforeSubmit');
  if (contestStatus(contest, new Date()) === ContestStatus.ENDED && !contest.allowEndSubmit) {
    throw forbidden('contest.ended');
  }
  if (!standing.isAdmin) {
    if (!fitsContestAccountLimit(contest, user.username)) {
      throw forbidden('contest.accountRuleSubmit');
    }
    if (!(await ctx.config.get('switch')).openContestJudge) {
      throw forbidden('contest.judgingClosed');
    }
  }
  // Reused for a quarter second (contest.reads.ts): a burst of submits looks the problem up a few times a second.
  const { cp, p } = await recentContestRead(
    ctx,
    contest.id,
    `submit-problem:${String(input.pid).trim()}`,
    () => findContestProblem(ctx, contest.id, input.pid),
  );
  return { problem: p, displayPid: cp.displayId, cid: contest.id, cpid: cp.id, gid: contest.gid };
}
