import { JudgeStatus, type TrainingProblemVo } from '@oj/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, type TrainingCell, trainingProblems, trainingRecords } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { assertCanViewProblem, canViewProblem, problemGroupStanding } from '../problem/problem.access.js';
import { publicProblemCounts } from '../problem/problem.counts.js';
import { problemDetailOf, publicPracticeCount, tagsByPid } from '../problem/problem.query.js';
import { enterTraining } from './training.access.js';

/** The training's problems in order (rank, then when added) with their problem rows. */
export async function trainingProblemRows(ctx: AppContext, tid: number) {
  return ctx.db
    .select({ tp: trainingProblems, p: problems })
    .from(trainingProblems)
    .innerJoin(problems, eq(problems.id, trainingProblems.pid))
    .where(eq(trainingProblems.tid, tid))
    .orderBy(asc(trainingProblems.rank), asc(trainingProblems.id));
}

/** The cells of `uid` in the training (empty without a record). */
async function cellsOf(ctx: AppContext, tid: number, uid: string): Promise<Record<string, TrainingCell>> {
  const [r] = await ctx.db
    .select({ info: trainingRecords.info })
    .from(trainingRecords)
    .where(and(eq(trainingRecords.tid, tid), eq(trainingRecords.uid, uid)));
  return r?.info ?? {};
}

/**
 * GET /api/get-training-problem-list?tid= (doc 2 §2.13): the training's problems in order with level, tags, the
 * practice AC / total counts and the caller's best status (-10 never tried). Problems the caller may not view
 * (made private since) are left out. Access as enterTraining (401 / 404 / 403).
 */
export async function trainingProblemList(
  ctx: AppContext,
  viewer: SessionUser | null,
  tid: number,
): Promise<TrainingProblemVo[]> {
  const { user, training } = await enterTraining(ctx, viewer, tid);
  const standing = await problemGroupStanding(ctx, user, training.gid);
  const rows = (await trainingProblemRows(ctx, tid)).filter((r) => canViewProblem(user, r.p, standing));
  const [tagMap, cells] = await Promise.all([
    tagsByPid(
      ctx,
      rows.map((r) => r.p.id),
    ),
    cellsOf(ctx, tid, user.uid),
  ]);
  const list = rows.map(({ tp, p }) => ({
    id: tp.id,
    pid: p.id,
    problemId: p.problemId,
    displayId: tp.displayId,
    rank: tp.rank,
    title: p.title,
    difficulty: p.difficulty,
    type: p.type,
    tags: tagMap.get(p.id) ?? [],
    ac: p.countAc,
    total: p.countTotal,
    myStatus: cells[String(p.id)]?.status ?? JudgeStatus.NOT_SUBMITTED,
  }));
  return publicProblemCounts(ctx, list);
}

/**
 * GET /api/get-training-problem-details?tid=&displayId= (doc 2 §2.13): the practice problem detail with the
 * training-problem link and the caller's status. 404 when no problem of the training shows that display id,
 * 403 when the problem is no longer viewable (canViewProblem).
 */
export async function trainingProblemDetail(
  ctx: AppContext,
  viewer: SessionUser | null,
  tid: number,
  displayId: string,
) {
  const { user } = await enterTraining(ctx, viewer, tid);
  const [row] = await ctx.db
    .select({ tp: trainingProblems, p: problems })
    .from(trainingProblems)
    .innerJoin(problems, eq(problems.id, trainingProblems.pid))
    .where(
      and(eq(trainingProblems.tid, tid), sql`upper(${trainingProblems.displayId}) = upper(${displayId})`),
    )
    .limit(1);
  if (!row) throw notFound('training.problemNotInTraining');
  await assertCanViewProblem(ctx, user, row.p);
  const [detail, cells] = await Promise.all([problemDetailOf(ctx, row.p), cellsOf(ctx, tid, user.uid)]);
  return {
    ...detail,
    problemCount: await publicPracticeCount(ctx, row.p),
    trainingProblem: { id: row.tp.id, tid, pid: row.p.id, displayId: row.tp.displayId, rank: row.tp.rank },
    myStatus: cells[String(row.p.id)]?.status ?? JudgeStatus.NOT_SUBMITTED,
  };
}
