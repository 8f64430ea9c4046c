import {
  type Page,
  ProblemAuth,
  type TrainingAdminProblemList,
  type TrainingAdminProblemVo,
  type TrainingProblemLinkVo,
} from '@oj/shared';
import { and, asc, eq, ilike, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, trainingProblems, trainings } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { exactProblemIdFirst, likePattern } from '../problem/problem.query.js';
import { loadAdministeredTraining } from './training.admin.js';
import { problemAdded, problemRemoved } from './training.progress.js';
import { trainingChanged } from './training.rank.js';

/** 400 when another link of the training already shows `displayId` (case-insensitive). */
async function assertDisplayIdFree(ctx: AppContext, tid: number, displayId: string, exceptId?: number) {
  const [clash] = await ctx.db
    .select({ id: trainingProblems.id })
    .from(trainingProblems)
    .where(
      and(eq(trainingProblems.tid, tid), sql`upper(${trainingProblems.displayId}) = upper(${displayId})`),
    );
  if (clash && clash.id !== exceptId) throw badRequest('training.displayIdUsed', { displayId });
}

/** Marks the training modified (the list's "last update"). */
async function touch(ctx: AppContext, tid: number) {
  await ctx.db.update(trainings).set({ gmtModified: new Date() }).where(eq(trainings.id, tid));
  trainingChanged(tid); // the links' trigger moved the rank version: this process reads it at once
}

/**
 * GET /api/admin/training/get-problem-list?tid&keyword&queryExisted&currentPage&limit (author or root), also the
 * group's /api/group/get-training-problem-list (doc 3 §7) -> {problemList: Page, trainingProblemMap}: with
 * `queryExisted` the training's problems in order (with display id and order number); without it the public
 * problems not in the training yet (the add-from-public dialog). Keyword on problemId or title. Each row's `id` is
 * the problem's id (as HOJ's); `trainingProblemMap` maps the problem id of every problem in the training to its
 * link {id, tid, pid, displayId, rank} (HOJ's client edits the order through it).
 */
export async function adminTrainingProblemList(
  ctx: AppContext,
  user: SessionUser,
  q: { tid: number; keyword?: string; queryExisted: boolean; currentPage: number; limit: number },
): Promise<TrainingAdminProblemList> {
  await loadAdministeredTraining(ctx, user, q.tid);
  const [problemList, links] = await Promise.all([
    problemPage(ctx, q),
    ctx.db
      .select({
        id: trainingProblems.id,
        tid: trainingProblems.tid,
        pid: trainingProblems.pid,
        displayId: trainingProblems.displayId,
        rank: trainingProblems.rank,
      })
      .from(trainingProblems)
      .where(eq(trainingProblems.tid, q.tid))
      .orderBy(asc(trainingProblems.rank), asc(trainingProblems.id)),
  ]);
  const trainingProblemMap: Record<string, TrainingProblemLinkVo> = {};
  for (const l of links) trainingProblemMap[l.pid] ??= l;
  return { problemList, trainingProblemMap };
}

/**
 * The page of adminTrainingProblemList: the training's problems (queryExisted) or public ones not in it (the one
 * whose id is the keyword first).
 */
async function problemPage(
  ctx: AppContext,
  q: { tid: number; keyword?: string; queryExisted: boolean; currentPage: number; limit: number },
): Promise<Page<TrainingAdminProblemVo>> {
  const kw = q.keyword?.trim();
  const byKeyword = kw
    ? or(ilike(problems.problemId, likePattern(kw)), ilike(problems.title, likePattern(kw)))
    : undefined;
  const page = { limit: q.limit, offset: (q.currentPage - 1) * q.limit };
  const base = {
    id: problems.id,
    pid: problems.id,
    problemId: problems.problemId,
    title: problems.title,
    author: problems.author,
    auth: problems.auth,
    difficulty: problems.difficulty,
    // A group problem's group (null: a site problem): the group's training pages offer its group-only actions.
    gid: problems.gid,
  };
  let where: SQL | undefined;
  if (q.queryExisted) {
    where = and(eq(trainingProblems.tid, q.tid), byKeyword);
    const [rows, [c]] = await Promise.all([
      ctx.db
        .select({ ...base, displayId: trainingProblems.displayId, rank: trainingProblems.rank })
        .from(trainingProblems)
        .innerJoin(problems, eq(problems.id, trainingProblems.pid))
        .where(where)
        .orderBy(asc(trainingProblems.rank), asc(trainingProblems.id))
        .limit(page.limit)
        .offset(page.offset),
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(trainingProblems)
        .innerJoin(problems, eq(problems.id, trainingProblems.pid))
        .where(where),
    ]);
    return { records: rows, total: c.n, current: q.currentPage, size: q.limit };
  }
  where = and(
    eq(problems.auth, ProblemAuth.PUBLIC),
    eq(problems.isGroup, false),
    byKeyword,
    notExists(
      ctx.db
        .select({ x: sql`1` })
        .from(trainingProblems)
        .where(and(eq(trainingProblems.tid, q.tid), eq(trainingProblems.pid, problems.id))),
    ),
  );
  const [rows, [c]] = await Promise.all([
    ctx.db
      .select(base)
      .from(problems)
      .where(where)
      .orderBy(...exactProblemIdFirst(kw), asc(problems.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(problems).where(where),
  ]);
  return { records: rows, total: c.n, current: q.currentPage, size: q.limit };
}

/**
 * POST /api/admin/training/add-problem-from-public {pid, tid, displayId} (author or root): a public problem joins
 * the training at the end; 404 unknown problem, 400 not public, already there, or display id taken. The users'
 * earlier submissions to it count at once (progress seam). A group's training also takes that group's own
 * problems, public or private, not contest-only ones (add-training-problem-from-group).
 */
export async function adminAddTrainingProblem(
  ctx: AppContext,
  user: SessionUser,
  b: { pid: number; tid: number; displayId: string },
) {
  const t = await loadAdministeredTraining(ctx, user, b.tid);
  const [p] = await ctx.db.select().from(problems).where(eq(problems.id, b.pid));
  if (!p) throw notFound('problem.notFound');
  const sitePublic = p.auth === ProblemAuth.PUBLIC && !p.isGroup;
  const ownGroups = t.gid != null && p.gid === t.gid && p.auth !== ProblemAuth.CONTEST;
  if (!sitePublic && !ownGroups) throw badRequest('training.publicProblemsOnly');
  const [dup] = await ctx.db
    .select({ id: trainingProblems.id })
    .from(trainingProblems)
    .where(and(eq(trainingProblems.tid, b.tid), eq(trainingProblems.pid, b.pid)));
  if (dup) throw badRequest('training.problemAlreadyAdded');
  await assertDisplayIdFree(ctx, b.tid, b.displayId);
  await ctx.db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${trainingProblems.rank}) + 1, 0)::int` })
      .from(trainingProblems)
      .where(eq(trainingProblems.tid, b.tid));
    await tx.insert(trainingProblems).values({ tid: b.tid, pid: b.pid, displayId: b.displayId, rank: next });
    await problemAdded(tx, b.tid, b.pid);
  });
  await touch(ctx, b.tid);
}

/** PUT /api/admin/training/problem {id, displayId?, rank?} (author or root): a link's display id and order. */
export async function adminUpdateTrainingProblem(
  ctx: AppContext,
  user: SessionUser,
  b: { id: number; displayId?: string; rank?: number },
) {
  const [link] = await ctx.db.select().from(trainingProblems).where(eq(trainingProblems.id, b.id));
  if (!link) throw notFound('training.problemLinkNotFound');
  await loadAdministeredTraining(ctx, user, link.tid);
  if (b.displayId) await assertDisplayIdFree(ctx, link.tid, b.displayId, link.id);
  await ctx.db
    .update(trainingProblems)
    .set({ displayId: b.displayId ?? link.displayId, rank: b.rank ?? link.rank, gmtModified: new Date() })
    .where(eq(trainingProblems.id, link.id));
  await touch(ctx, link.tid);
}

/**
 * DELETE /api/admin/training/problem?pid=&tid= (author or root): removes the problem from the training only (the
 * problem and its submissions stay); its cells leave the records. 404 when it is not in the training.
 */
export async function adminRemoveTrainingProblem(
  ctx: AppContext,
  user: SessionUser,
  tid: number,
  pid: number,
) {
  await loadAdministeredTraining(ctx, user, tid);
  await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(trainingProblems)
      .where(and(eq(trainingProblems.tid, tid), eq(trainingProblems.pid, pid)))
      .returning({ id: trainingProblems.id });
    if (!gone.length) throw notFound('training.problemLinkNotFound');
    await problemRemoved(tx, tid, pid);
  });
  await touch(ctx, tid);
}
