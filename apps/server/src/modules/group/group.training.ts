import { ProblemAuth, type TrainingBody } from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, trainingProblems } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { loadTraining, type TrainingRow } from '../training/training.access.js';
import { adminCreateTraining, loadAdministeredTraining } from '../training/training.admin.js';
import { adminAddTrainingProblem, adminUpdateTrainingProblem } from '../training/training.problem.admin.js';
import { adminGroup } from './group.access.js';

/**
 * A group's training for the group routes: 404 "The training does not belong to this group" for a site training,
 * then the training service's own rule (loadAdministeredTraining: the group's roots, or the author while a group
 * admin; 403 otherwise).
 */
export async function loadGroupTraining(
  ctx: AppContext,
  user: SessionUser,
  tid: number,
): Promise<TrainingRow> {
  const t = await loadTraining(ctx, tid);
  if (t.gid == null) throw notFound('group.trainingNotInGroup');
  return loadAdministeredTraining(ctx, user, tid);
}

/** POST /api/group/training {gid, training, trainingCategory} (group admins) -> {tid}: a training of the group. */
export async function createGroupTraining(
  ctx: AppContext,
  user: SessionUser,
  b: TrainingBody & { gid: number },
) {
  await adminGroup(ctx, user, b.gid);
  return adminCreateTraining(ctx, user, b, b.gid);
}

/**
 * POST /api/group/add-training-problem-from-group {problemId, tid, displayId?} (who manages the training): one of
 * the group's own problems (public or private, not contest-only) joins the training, shown by `displayId` (default
 * its problem id). 404 when the group has no such problem.
 */
export async function addTrainingProblemFromGroup(
  ctx: AppContext,
  user: SessionUser,
  b: { problemId: string; tid: number; displayId?: string },
) {
  const t = await loadGroupTraining(ctx, user, b.tid);
  const [p] = await ctx.db
    .select({ id: problems.id, problemId: problems.problemId, auth: problems.auth })
    .from(problems)
    .where(
      and(
        eq(problems.gid, t.gid as number),
        sql`upper(${problems.problemId}) = upper(${b.problemId.trim()})`,
      ),
    )
    .limit(1);
  if (!p) throw notFound('group.notGroupProblem');
  if (p.auth === ProblemAuth.CONTEST) throw badRequest('training.publicProblemsOnly');
  await adminAddTrainingProblem(ctx, user, { pid: p.id, tid: t.id, displayId: b.displayId || p.problemId });
}

/** PUT /api/group/training-problem {id, displayId?, rank?} (who manages the link's group training) -> null. */
export async function updateGroupTrainingProblem(
  ctx: AppContext,
  user: SessionUser,
  b: { id: number; displayId?: string; rank?: number },
) {
  const [link] = await ctx.db
    .select({ tid: trainingProblems.tid })
    .from(trainingProblems)
    .where(eq(trainingProblems.id, b.id));
  if (!link) throw notFound('training.problemLinkNotFound');
  await loadGroupTraining(ctx, user, link.tid);
  await adminUpdateTrainingProblem(ctx, user, b);
}
