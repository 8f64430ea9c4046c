import { ContestType, type Page, ProblemAuth, ProblemType } from '@oj/shared';
import { and, asc, desc, eq, ilike, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestProblems, problems, submissions } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { loadProblemByPid, type ProblemRow } from '../problem/problem.access.js';
import { exactProblemIdFirst, likePattern } from '../problem/problem.query.js';
import type { ContestRow } from './contest.access.js';
import { loadAdministeredContest } from './contest.admin.js';
import { forgetContest } from './contest.reads.js';

export type ContestProblemRow = typeof contestProblems.$inferSelect;

/** 400 unless the problem's rule fits the contest's: ACM contests take ACM or remote problems, OI OI or remote. */
export function assertRuleFits(c: Pick<ContestRow, 'type'>, p: Pick<ProblemRow, 'type' | 'isRemote'>): void {
  if (p.isRemote) return;
  const want = c.type === ContestType.OI ? ProblemType.OI : ProblemType.ACM;
  if (p.type !== want) {
    throw badRequest(c.type === ContestType.OI ? 'contest.oiTakesOi' : 'contest.acmTakesAcm');
  }
}

/** The contest-problem row of `pid` in `cid`; 404 when the problem is not in the contest. */
export async function loadContestProblem(
  ctx: AppContext,
  cid: number,
  pid: number,
): Promise<ContestProblemRow> {
  const [row] = await ctx.db
    .select()
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, cid), eq(contestProblems.pid, pid)))
    .limit(1);
  if (!row) throw notFound('contest.problemNotAdded');
  return row;
}

/** 400 when another problem of the contest already shows `displayId` (case-insensitive). */
async function assertDisplayIdFree(ctx: AppContext, cid: number, displayId: string, exceptId?: number) {
  const [clash] = await ctx.db
    .select({ id: contestProblems.id })
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, cid), sql`upper(${contestProblems.displayId}) = upper(${displayId})`));
  if (clash && clash.id !== exceptId) throw badRequest('contest.displayIdUsed', { displayId });
}

/**
 * GET /api/admin/contest/get-problem-list (contest admin): without `problemType`, the contest's problems in
 * display-id order as { problemList: Page of admin problem rows, contestProblemMap: pid -> contest problem };
 * with it, the public problems of the contest's rule (or remote) not yet in the contest, the one whose id is the
 * keyword first, then newest first (the "add from public" dialog), and an empty map. `keyword` matches problemId or title.
 */
export async function adminContestProblemList(
  ctx: AppContext,
  user: SessionUser,
  q: { cid: number; keyword?: string; problemType?: number; currentPage: number; limit: number },
) {
  const c = await loadAdministeredContest(ctx, user, q.cid);
  const kw = q.keyword?.trim();
  const match = kw
    ? or(ilike(problems.problemId, likePattern(kw)), ilike(problems.title, likePattern(kw)))
    : undefined;
  const cols = {
    id: problems.id,
    problemId: problems.problemId,
    title: problems.title,
    author: problems.author,
    type: problems.type,
    auth: problems.auth,
    isRemote: problems.isRemote,
    difficulty: problems.difficulty,
    gid: problems.gid,
  };
  const page = (records: unknown[], total: number): Page<unknown> => ({
    records,
    total,
    current: q.currentPage,
    size: q.limit,
  });
  if (q.problemType != null) {
    const inContest = ctx.db
      .select({ pid: contestProblems.pid })
      .from(contestProblems)
      .where(eq(contestProblems.cid, c.id));
    const rule = c.type === ContestType.OI ? ProblemType.OI : ProblemType.ACM;
    const where = and(
      eq(problems.auth, ProblemAuth.PUBLIC),
      eq(problems.isGroup, false),
      or(eq(problems.type, rule), eq(problems.isRemote, true)),
      notInArray(problems.id, inContest),
      match,
    ) as SQL;
    const [rows, [n]] = await Promise.all([
      ctx.db
        .select(cols)
        .from(problems)
        .where(where)
        .orderBy(...exactProblemIdFirst(kw), desc(problems.id))
        .limit(q.limit)
        .offset((q.currentPage - 1) * q.limit),
      ctx.db.select({ n: sql<number>`count(*)::int` }).from(problems).where(where),
    ]);
    return { problemList: page(rows, Number(n?.n ?? 0)), contestProblemMap: {} };
  }
  const where = and(eq(contestProblems.cid, c.id), match);
  const rows = await ctx.db
    .select({ p: cols, cp: contestProblems })
    .from(contestProblems)
    .innerJoin(problems, eq(problems.id, contestProblems.pid))
    .where(where)
    .orderBy(asc(contestProblems.displayId), asc(contestProblems.id));
  const slice = rows.slice((q.currentPage - 1) * q.limit, q.currentPage * q.limit);
  const contestProblemMap: Record<number, ReturnType<typeof contestProblemVo>> = {};
  for (const r of slice) contestProblemMap[r.p.id] = contestProblemVo(r.cp);
  return {
    problemList: page(
      slice.map((r) => r.p),
      rows.length,
    ),
    contestProblemMap,
  };
}

/** A contest-problem row for the admin pages (doc 3 §3 "contest problem"). */
export function contestProblemVo(cp: ContestProblemRow) {
  return {
    id: cp.id,
    cid: cp.cid,
    pid: cp.pid,
    displayId: cp.displayId,
    displayTitle: cp.displayTitle,
    color: cp.color,
  };
}

/**
 * POST /api/admin/contest/add-problem-from-public {pid, cid, displayId} (contest admin): adds a public site problem
 * whose rule fits the contest. 400 for a private / contest / group problem, a wrong rule, a problem already in
 * the contest or a display id in use. The display title starts as the problem's title.
 */
export async function adminAddFromPublic(
  ctx: AppContext,
  user: SessionUser,
  b: { cid: number; pid: number; displayId: string },
): Promise<void> {
  const c = await loadAdministeredContest(ctx, user, b.cid);
  const p = await loadProblemByPid(ctx, b.pid);
  if (p.auth !== ProblemAuth.PUBLIC || p.isGroup) throw badRequest('contest.publicProblemsOnly');
  assertRuleFits(c, p);
  await attachProblem(ctx, c, p, b.displayId, p.title);
}

/** Inserts the contest-problem row (400 when the problem or the display id is already in the contest). */
async function attachProblem(
  ctx: AppContext,
  c: ContestRow,
  p: ProblemRow,
  displayId: string,
  title: string,
) {
  await assertDisplayIdFree(ctx, c.id, displayId);
  await ctx.db.transaction(async (tx) => {
    const added = await tx
      .insert(contestProblems)
      .values({ cid: c.id, pid: p.id, displayId, displayTitle: title })
      .onConflictDoNothing()
      .returning({ id: contestProblems.id });
    if (added.length === 0) throw badRequest('contest.problemAlreadyAdded');
    await ctx.events.emit('contest/changed', tx, { cid: c.id, what: 'problems' });
  });
  forgetContest(c.id); // contest.reads.ts: the reused problem list, again after the commit
}

/** GET /api/admin/contest/contest-problem?cid=&pid= (contest admin) -> the contest-problem row. */
export async function adminGetContestProblem(ctx: AppContext, user: SessionUser, cid: number, pid: number) {
  await loadAdministeredContest(ctx, user, cid);
  return contestProblemVo(await loadContestProblem(ctx, cid, pid));
}

/**
 * PUT /api/admin/contest/contest-problem {id, displayId, displayTitle, color} (contest admin): 400 when the display
 * id is taken. The contest's submissions of the problem follow the new display id.
 */
export async function adminUpdateContestProblem(
  ctx: AppContext,
  user: SessionUser,
  b: { id: number; displayId: string; displayTitle: string; color?: string | null },
): Promise<void> {
  const [cp] = await ctx.db.select().from(contestProblems).where(eq(contestProblems.id, b.id)).limit(1);
  if (!cp) throw notFound('contest.contestProblemNotFound');
  await loadAdministeredContest(ctx, user, cp.cid);
  await assertDisplayIdFree(ctx, cp.cid, b.displayId, cp.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(contestProblems)
      .set({
        displayId: b.displayId,
        displayTitle: b.displayTitle,
        color: b.color ?? null,
        gmtModified: new Date(),
      })
      .where(eq(contestProblems.id, cp.id));
    if (b.displayId !== cp.displayId) {
      await tx
        .update(submissions)
        .set({ displayPid: b.displayId })
        .where(and(eq(submissions.cid, cp.cid), eq(submissions.pid, cp.pid)));
    }
  });
  forgetContest(cp.cid); // contest.reads.ts: the reused problem list shows the new display id and title
}

/**
 * DELETE /api/admin/contest/problem?pid=&cid= (contest admin): takes the problem out of the contest. The contest's
 * submissions of it stay stored (with their cid); board listeners hear a 'problems' change.
 */
export async function adminRemoveFromContest(ctx: AppContext, user: SessionUser, cid: number, pid: number) {
  await loadAdministeredContest(ctx, user, cid);
  const cp = await loadContestProblem(ctx, cid, pid);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(contestProblems).where(eq(contestProblems.id, cp.id));
    await ctx.events.emit('contest/changed', tx, { cid, what: 'problems' });
  });
  forgetContest(cid);
}

/** Attaches a problem just created for a contest (see contest.problem.routes: POST /api/admin/contest/problem). */
export async function attachCreatedProblem(
  ctx: AppContext,
  c: ContestRow,
  pid: number,
  displayId: string,
  displayTitle: string,
): Promise<void> {
  const p = await loadProblemByPid(ctx, pid);
  await attachProblem(ctx, c, p, displayId, displayTitle || p.title);
}

/** 400 when `displayId` is taken in the contest (checked before creating a contest-only problem). */
export const assertContestDisplayIdFree = (ctx: AppContext, cid: number, displayId: string) =>
  assertDisplayIdFree(ctx, cid, displayId);
