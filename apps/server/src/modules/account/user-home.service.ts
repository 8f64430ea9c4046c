import { type CalendarHeatmap, JudgeStatus, type SolvedProblem, type UserHomeInfo } from '@oj/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, submissions, userRecords } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { canViewProblemSql } from '../problem/problem.access.js';
import { cfRating } from './cf-rating.js';
import { findByUsername, getUser, roleNames, type UserRow } from './user-info.js';

/** Resolves `uid` or `username` (uid wins), falling back to `selfUid`; 400 when none, 404 when unknown. */
export async function resolveUser(
  ctx: AppContext,
  q: { uid?: string; username?: string },
  selfUid: string | null,
): Promise<UserRow> {
  if (q.uid) return getUser(ctx, q.uid);
  if (q.username) {
    const u = await findByUsername(ctx, q.username);
    if (!u) throw notFound('account.userNotFound');
    return u;
  }
  if (selfUid) return getUser(ctx, selfUid);
  throw badRequest('account.uidOrUsername');
}

/**
 * The public profile of a user (doc 1 §2.9, §3): identity fields, the number of non-contest submissions, the
 * problemIds solved outside contests (also grouped by difficulty code; only problems the viewer may view,
 * canViewProblem), the best OI rank score per OI problem, the figures of the rank tables (user_records) and the
 * Codeforces rating of the user's Codeforces handle (cf-rating.ts).
 */
export async function userHomeInfo(
  ctx: AppContext,
  u: UserRow,
  viewer: SessionUser | null,
): Promise<UserHomeInfo> {
  const db = ctx.db;
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.uid, u.uid), eq(submissions.cid, 0)));
  const solved: SolvedProblem[] = await db
    .selectDistinct({ pid: problems.id, problemId: problems.problemId, difficulty: problems.difficulty })
    .from(submissions)
    .innerJoin(problems, eq(problems.id, submissions.pid))
    .where(
      and(
        eq(submissions.uid, u.uid),
        eq(submissions.cid, 0),
        eq(submissions.status, JudgeStatus.ACCEPTED),
        canViewProblemSql(viewer, submissions.pid),
      ),
    )
    .orderBy(problems.problemId);
  const scores = await db
    .select({ score: sql<number>`max(${submissions.oiRankScore})::int` })
    .from(submissions)
    .where(
      and(eq(submissions.uid, u.uid), eq(submissions.cid, 0), sql`${submissions.oiRankScore} is not null`),
    )
    .groupBy(submissions.pid);
  const [record] = await db
    .select({ ac: userRecords.ac, total: userRecords.total, score: userRecords.score })
    .from(userRecords)
    .where(eq(userRecords.uid, u.uid));
  const byDifficulty: Record<string, SolvedProblem[]> = {};
  for (const p of solved) {
    const key = String(p.difficulty);
    byDifficulty[key] = [...(byDifficulty[key] ?? []), p];
  }
  return {
    uid: u.uid,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    school: u.school,
    signature: u.signature,
    github: u.github,
    blog: u.blog,
    gender: u.gender,
    titleName: u.titleName,
    titleColor: u.titleColor,
    roleList: roleNames(u.role),
    total,
    solvedList: solved.map((p) => p.problemId),
    solvedGroupByDifficulty: byDifficulty,
    scoreList: scores.map((s) => s.score),
    rating: null,
    cfUsername: u.cfUsername,
    cfRating: await cfRating(ctx, u.cfUsername),
    rankRecord: record ?? { ac: 0, total: 0, score: 0 },
    recentLoginTime: u.recentLoginTime?.toISOString() ?? null,
    gmtCreate: u.gmtCreate.toISOString(),
  };
}

/** `YYYY-MM-DD` of a date in UTC. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Submissions of a user per UTC day over the last year (366 days ending today, contests included), only days
 * with at least one; `endDate` is today (UTC).
 */
export async function calendarHeatmap(ctx: AppContext, uid: string): Promise<CalendarHeatmap> {
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate()));
  const day = sql<string>`to_char(${submissions.submitTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({ date: day, count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.uid, uid), gte(submissions.submitTime, start)))
    .groupBy(day)
    .orderBy(day);
  return { dataList: rows, endDate: utcDay(today) };
}
