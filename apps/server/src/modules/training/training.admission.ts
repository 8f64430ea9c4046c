import { isAdminRole } from '@oj/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, trainingProblems } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { assertCanUseProblem } from '../submission/submission.problem.js';
import type { AdmittedSubmit } from '../submission/submission.scope.js';
import type { SubmitInput } from '../submission/submission.service.js';
import { enterTraining } from './training.access.js';

/** The training's problem named by `pid`: its numeric id when it is one of the training's, else its display id. */
async function findTrainingProblem(ctx: AppContext, tid: number, pid: string | number) {
  const key = String(pid).trim();
  const find = (match: SQL) =>
    ctx.db
      .select({ p: problems })
      .from(trainingProblems)
      .innerJoin(problems, eq(problems.id, trainingProblems.pid))
      .where(and(eq(trainingProblems.tid, tid), match))
      .limit(1);
  const [byPid] = /^\d{1,15}$/.test(key) ? await find(eq(trainingProblems.pid, Number(key))) : [];
  if (byPid) return byPid.p;
  const [byDisplay] = await find(sql`upper(${trainingProblems.displayId}) = upper(${key})`);
  if (!byDisplay) throw notFound('training.problemNotInTraining');
  return byDisplay.p;
}

/**
 * The training admission rule (issue 11 "Access"), asked by the shared submission code for a submit with `tid`:
 * the caller may enter the training (401 / 404 / 403 private without the password), the problem is one of the
 * training's (404) and still viewable (403), and public judging is open (403 for non-admins), as for practice.
 * The submission is a practice one (cid 0, the problem's own id) that carries `tid`.
 */
export async function admitTrainingSubmit(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
): Promise<AdmittedSubmit> {
  if (input.tid == null) throw badRequest('validation.required', { field: 'tid' });
  const { training } = await enterTraining(ctx, user, input.tid);
  const problem = await findTrainingProblem(ctx, training.id, input.pid);
  await assertCanUseProblem(ctx, user, problem);
  const sw = await ctx.config.get('switch');
  if (!sw.openPublicJudge && !isAdminRole(user.role)) throw forbidden('submission.publicJudgingClosed');
  return { problem, displayPid: problem.problemId, cid: 0, cpid: null, tid: training.id, gid: training.gid };
}
