import { type ContestBody, ProblemAuth } from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestProblems, problems } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { type ContestRow, loadContest } from '../contest/contest.access.js';
import { adminCreateContest, loadAdministeredContest } from '../contest/contest.admin.js';
import {
  assertContestDisplayIdFree,
  assertRuleFits,
  attachCreatedProblem,
} from '../contest/contest.problem.admin.js';
import type { ProblemBody } from '../problem/problem.schema.js';
import { createFromDraft } from '../problem/problem.update.js';
import { validateProblemBody } from '../problem/problem.validate.js';
import { adminGroup } from './group.access.js';
import { prefixedProblemId } from './group.problem.js';

/**
 * A group's contest for the group routes: 404 "The contest does not belong to this group" for a site contest, then
 * the contest service's own rule (loadAdministeredContest: the group's roots and the creator while a member;
 * 403 otherwise).
 */
export async function loadGroupContest(ctx: AppContext, user: SessionUser, cid: number): Promise<ContestRow> {
  const c = await loadContest(ctx, cid);
  if (c.gid == null) throw notFound('group.contestNotInGroup');
  return loadAdministeredContest(ctx, user, cid);
}

/** POST /api/group/contest ContestBody + {gid} (group admins) -> {cid}: a contest of the group, the caller its creator. */
export async function createGroupContest(
  ctx: AppContext,
  user: SessionUser,
  b: ContestBody & { gid: number },
) {
  await adminGroup(ctx, user, b.gid);
  return adminCreateContest(ctx, user, b, b.gid);
}

/**
 * POST /api/group/contest-problem ProblemBody + {cid, displayId, displayTitle} (the contest's admins): a new problem
 * of the contest's group (short-name prefix, auth 3 contest unless given, the contest's rule) added to the
 * contest. -> {pid, problemId}.
 */
export async function createGroupContestProblem(
  ctx: AppContext,
  user: SessionUser,
  b: ProblemBody & { cid: number; displayId: string; displayTitle?: string },
) {
  const { cid, displayId, displayTitle, ...body } = b;
  const c = await loadGroupContest(ctx, user, cid);
  const gid = c.gid as number;
  const s = await adminGroup(ctx, user, gid);
  const problem = {
    ...body.problem,
    auth: body.problem.auth ?? ProblemAuth.CONTEST,
    problemId: prefixedProblemId(s.group, body.problem.problemId),
  };
  const draft = validateProblemBody({ ...body, problem }, false);
  assertRuleFits(c, draft.fields);
  await assertContestDisplayIdFree(ctx, cid, displayId);
  const created = await createFromDraft(ctx, draft, user.username, { gid });
  await attachCreatedProblem(ctx, c, created.pid, displayId, displayTitle ?? '');
  return created;
}

/**
 * POST /api/group/add-contest-problem-from-group {problemId, cid, displayId} (the contest's admins): one of the
 * group's own problems (any auth) joins the contest if its rule fits. 404 when the group has no such problem.
 */
export async function addContestProblemFromGroup(
  ctx: AppContext,
  user: SessionUser,
  b: { problemId: string; cid: number; displayId: string },
) {
  const c = await loadGroupContest(ctx, user, b.cid);
  const [p] = await ctx.db
    .select()
    .from(problems)
    .where(
      and(
        eq(problems.gid, c.gid as number),
        sql`upper(${problems.problemId}) = upper(${b.problemId.trim()})`,
      ),
    )
    .limit(1);
  if (!p) throw notFound('group.notGroupProblem');
  assertRuleFits(c, p);
  await attachCreatedProblem(ctx, c, p.id, b.displayId, '');
}

/** The contest of a contest-problem link (404 when unknown), for rules that start from the link id. */
export async function contestOfLink(ctx: AppContext, id: number): Promise<number> {
  const [cp] = await ctx.db
    .select({ cid: contestProblems.cid })
    .from(contestProblems)
    .where(eq(contestProblems.id, id))
    .limit(1);
  if (!cp) throw notFound('contest.contestProblemNotFound');
  return cp.cid;
}
