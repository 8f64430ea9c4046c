import { JudgeStatus, type Page, type TrainingProblemVo, type TrainingRankRecord } from '@oj/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, type TrainingCell, trainingProblems, trainingRecords } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { assertCanViewProblem, canViewProblem } from '../problem/problem.access.js';
import { likePattern, practiceCount, problemDetailOf, tagsByPid } from '../problem/problem.query.js';
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
  const { user } = await enterTraining(ctx, viewer, tid);
  const rows = (await trainingProblemRows(ctx, tid)).filter((r) => canViewProblem(user, r.p));
  const [tagMap, cells] = await Promise.all([
    tagsByPid(
      ctx,
      rows.map((r) => r.p.id),
    ),
    cellsOf(ctx, tid, user.uid),
  ]);
  return rows.map(({ tp, p }) => ({
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
  assertCanViewProblem(user, row.p);
  const [detail, cells] = await Promise.all([problemDetailOf(ctx, row.p), cellsOf(ctx, tid, user.uid)]);
  return {
    ...detail,
    problemCount: practiceCount(row.p),
    trainingProblem: { id: row.tp.id, tid, pid: row.p.id, displayId: row.tp.displayId, rank: row.tp.rank },
    myStatus: cells[String(row.p.id)]?.status ?? JudgeStatus.NOT_SUBMITTED,
  };
}

interface RankRow {
  rank: number | string;
  uid: string;
  username: string;
  nickname: string;
  realname: string;
  gender: string;
  avatar: string | null;
  school: string;
  ac: number;
  total_time: number | string;
  info: Record<string, TrainingCell>;
  total: number | string;
}

/**
 * GET /api/get-training-rank?tid=&currentPage=&limit=&keyword= (doc 2 §2.13, §3 "Training rank record"): the
 * users of the training (a private one: its registered users) by AC count, then total run time (ms) of their
 * accepted problems, then username; equal AC and time share a rank. Cells by display id. Served from
 * training_records: one indexed query, nothing recomputed. Access as enterTraining.
 */
export async function trainingRank(
  ctx: AppContext,
  viewer: SessionUser | null,
  q: { tid: number; currentPage: number; limit: number; keyword?: string },
): Promise<Page<TrainingRankRecord>> {
  const { training } = await enterTraining(ctx, viewer, q.tid);
  const registeredOnly: SQL =
    training.auth === 'Private'
      ? sql`AND EXISTS (SELECT 1 FROM training_registers g WHERE g.tid = r.tid AND g.uid = r.uid)`
      : sql``;
  const kw = q.keyword?.trim();
  const byName: SQL = kw
    ? sql`AND (u.username ILIKE ${likePattern(kw)} OR u.realname ILIKE ${likePattern(kw)})`
    : sql``;
  const [res, links] = await Promise.all([
    // Rank over the narrow columns first; the cells (jsonb, ~100 a row) are read for the page's rows only.
    ctx.db.execute(sql`
      WITH ranked AS (
        SELECT r.uid, r.ac, r.total_time, rank() OVER (ORDER BY r.ac DESC, r.total_time) AS rank
        FROM training_records r WHERE r.tid = ${q.tid} ${registeredOnly}
      ), page AS (
        SELECT ranked.*, u.username, u.nickname, u.realname, u.gender, u.avatar, u.school,
          count(*) OVER () AS total
        FROM ranked JOIN users u ON u.uid = ranked.uid WHERE true ${byName}
        ORDER BY ranked.ac DESC, ranked.total_time, u.username
        LIMIT ${q.limit} OFFSET ${(q.currentPage - 1) * q.limit}
      )
      SELECT page.*, r.info FROM page JOIN training_records r ON r.tid = ${q.tid} AND r.uid = page.uid
      ORDER BY page.ac DESC, page.total_time, page.username`),
    ctx.db
      .select({ pid: trainingProblems.pid, displayId: trainingProblems.displayId })
      .from(trainingProblems)
      .where(eq(trainingProblems.tid, q.tid)),
  ]);
  const rows = rowsOf<RankRow>(res);
  const display = new Map(links.map((l) => [String(l.pid), l.displayId]));
  const total = rows.length ? Number(rows[0].total) : await countRanked(ctx, q.tid, registeredOnly, kw);
  return {
    records: rows.map((r) => {
      const submissionInfo: TrainingRankRecord['submissionInfo'] = {};
      for (const [pid, cell] of Object.entries(r.info ?? {})) {
        const d = display.get(pid);
        if (d) submissionInfo[d] = { status: cell.status, runTime: cell.time, pid: Number(pid) };
      }
      return {
        rank: Number(r.rank),
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        realname: r.realname,
        gender: r.gender,
        avatar: r.avatar,
        school: r.school,
        ac: r.ac,
        totalRunTime: Number(r.total_time),
        submissionInfo,
      };
    }),
    total,
    current: q.currentPage,
    size: q.limit,
  };
}

/** The number of rank rows matching (for a page past the end). */
async function countRanked(ctx: AppContext, tid: number, registeredOnly: SQL, kw: string | undefined) {
  const byName = kw
    ? sql`AND (u.username ILIKE ${likePattern(kw)} OR u.realname ILIKE ${likePattern(kw)})`
    : sql``;
  const res = await ctx.db.execute(sql`
    SELECT count(*)::int AS n FROM training_records r JOIN users u ON u.uid = r.uid
    WHERE r.tid = ${tid} ${registeredOnly} ${byName}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
