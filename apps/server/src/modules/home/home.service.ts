import {
  JudgeStatus,
  ProblemAuth,
  type RecentAcRankItem,
  type RecentUpdatedProblem,
  type SubmissionStatistics,
  UserStatus,
} from '@oj/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { problems, submissions, users } from '../../db/schema/index.js';
import { utcDay } from '../account/user-home.service.js';
import { publicVerdicts } from '../contest/contest.public-verdicts.js';

/** Rows of the recent AC rank (doc 1 §2.5). */
export const RECENT_AC_RANK_SIZE = 10;
/** How long the week statistics are reused before being counted again (ms); `forceRefresh` skips it. */
export const STATISTICS_CACHE_MS = 30_000;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Users with the most distinct problems accepted outside contests in the last 7 days (enabled users only),
 * most first, ties by username; at most RECENT_AC_RANK_SIZE rows.
 */
export async function recentSevenAcRank(ctx: AppContext): Promise<RecentAcRankItem[]> {
  const ac = sql<number>`count(distinct ${submissions.pid})::int`;
  return ctx.db
    .select({
      uid: users.uid,
      username: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
      titleName: users.titleName,
      titleColor: users.titleColor,
      ac,
    })
    .from(submissions)
    .innerJoin(users, eq(users.uid, submissions.uid))
    .where(
      and(
        eq(submissions.status, JudgeStatus.ACCEPTED),
        eq(submissions.cid, 0),
        eq(users.status, UserStatus.NORMAL),
        gte(submissions.submitTime, new Date(Date.now() - 7 * DAY_MS)),
      ),
    )
    .groupBy(users.uid)
    .orderBy(desc(ac), users.username)
    .limit(RECENT_AC_RANK_SIZE);
}

const statsCache = new WeakMap<AppContext, { at: number; seal: string; value: SubmissionStatistics }>();

/**
 * Submissions of the last seven UTC days (today included), per day and per verdict (doc 1 §7
 * get-last-week-submission-statistics). A verdict a sealed contest hides counts as the public sees it (Pending or
 * Submitted Unknown Result, `publicVerdicts`; issue 23 §2a), so the figures move only when the seal lifts. Reused
 * for STATISTICS_CACHE_MS unless `forceRefresh` or the set of sealed contests changed since (a seal lifting shows at
 * once).
 */
export async function lastWeekSubmissionStatistics(
  ctx: AppContext,
  forceRefresh: boolean,
): Promise<SubmissionStatistics> {
  const now = new Date();
  const pv = await publicVerdicts(ctx.db, now);
  const hit = statsCache.get(ctx);
  if (!forceRefresh && hit && hit.seal === pv.key && Date.now() - hit.at < STATISTICS_CACHE_MS) {
    return hit.value;
  }
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 6 * DAY_MS);
  const dateStrList = Array.from({ length: 7 }, (_, i) => utcDay(new Date(first.getTime() + i * DAY_MS)));
  const day = sql<string>`to_char(${submissions.submitTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  const status = pv.publicStatusSql(submissions);
  const rows = await ctx.db
    .select({ date: day, status: sql<number>`${status}`, n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(gte(submissions.submitTime, first))
    // By position: PostgreSQL does not match a parameterised expression of the select list to the same one here.
    .groupBy(sql`1`, sql`2`);
  const index = new Map(dateStrList.map((d, i) => [d, i]));
  const zeros = () => dateStrList.map(() => 0);
  const acCountList = zeros();
  const totalCountList = zeros();
  const byStatus = new Map<number, number[]>();
  for (const r of rows) {
    const i = index.get(r.date);
    if (i === undefined) continue;
    totalCountList[i] += r.n;
    if (r.status === JudgeStatus.ACCEPTED) acCountList[i] += r.n;
    const counts = byStatus.get(r.status) ?? zeros();
    counts[i] += r.n;
    byStatus.set(r.status, counts);
  }
  const value: SubmissionStatistics = {
    dateStrList,
    acCountList,
    totalCountList,
    statusCountList: [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, counts]) => ({ status, counts })),
  };
  statsCache.set(ctx, { at: Date.now(), seal: pv.key, value });
  return value;
}

/** Rows of the recent problems card. */
export const RECENT_PROBLEMS_SIZE = 10;
const recentProblemsCache = new WeakMap<AppContext, { at: number; value: RecentUpdatedProblem[] }>();

/**
 * GET /api/get-recent-updated-problem (doc 1 §7; issue 12 home cards): the RECENT_PROBLEMS_SIZE newest public,
 * non-group problems (by creation, as HOJ), reused for STATISTICS_CACHE_MS.
 */
export async function recentUpdatedProblems(ctx: AppContext): Promise<RecentUpdatedProblem[]> {
  const hit = recentProblemsCache.get(ctx);
  if (hit && Date.now() - hit.at < STATISTICS_CACHE_MS) return hit.value;
  const rows = await ctx.db
    .select({
      id: problems.id,
      problemId: problems.problemId,
      title: problems.title,
      type: problems.type,
      gmtCreate: problems.gmtCreate,
      gmtModified: problems.gmtModified,
    })
    .from(problems)
    .where(and(eq(problems.auth, ProblemAuth.PUBLIC), eq(problems.isGroup, false)))
    .orderBy(desc(problems.id))
    .limit(RECENT_PROBLEMS_SIZE);
  const value = rows.map((r) => ({
    ...r,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  }));
  recentProblemsCache.set(ctx, { at: Date.now(), value });
  return value;
}
