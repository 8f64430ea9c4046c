import type { DashboardContest, DashboardInfo, SessionItem } from '@oj/shared';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contests, problems, sessions, submissions, users } from '../../db/schema/index.js';
import { contestStatus } from '../contest/contest.clock.js';

/** Users shown in the dashboard's recent-login list. */
const RECENT_LOGINS = 10;
/** Contests shown in the dashboard's recent-contest list. */
const RECENT_CONTESTS = 5;

/** Start of the current UTC day. */
function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The dashboard's recent site contests (group contests left out, hidden ones included: the admin manages them):
 * those not ended yet, the soonest start first, then, to fill up to RECENT_CONTESTS, the latest ended ones.
 */
async function recentContests(ctx: AppContext, now: Date): Promise<DashboardContest[]> {
  const site = isNull(contests.gid);
  const cols = {
    id: contests.id,
    title: contests.title,
    type: contests.type,
    auth: contests.auth,
    startTime: contests.startTime,
    endTime: contests.endTime,
  };
  const open = await ctx.db
    .select(cols)
    .from(contests)
    .where(and(site, gt(contests.endTime, now)))
    .orderBy(asc(contests.startTime), asc(contests.id))
    .limit(RECENT_CONTESTS);
  const ended =
    open.length < RECENT_CONTESTS
      ? await ctx.db
          .select(cols)
          .from(contests)
          .where(and(site, lte(contests.endTime, now)))
          .orderBy(desc(contests.endTime), desc(contests.id))
          .limit(RECENT_CONTESTS - open.length)
      : [];
  return [...open, ...ended].map((c) => ({
    id: c.id,
    title: c.title,
    type: c.type,
    auth: c.auth,
    status: contestStatus(c, now),
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
  }));
}

/**
 * Counts for the admin dashboard: users, problems, submissions since 00:00 UTC today, site contests (group
 * contests left out), the recent contests and the most recent logins.
 */
export async function dashboardInfo(ctx: AppContext): Promise<DashboardInfo> {
  const db = ctx.db;
  const count = sql<number>`count(*)::int`;
  const now = new Date();
  const [[u], [p], [s], [c], recentContest, recent] = await Promise.all([
    db.select({ n: count }).from(users),
    db.select({ n: count }).from(problems),
    db.select({ n: count }).from(submissions).where(gte(submissions.submitTime, startOfUtcDay())),
    db.select({ n: count }).from(contests).where(isNull(contests.gid)),
    recentContests(ctx, now),
    db
      .select({ uid: users.uid, username: users.username, avatar: users.avatar, t: users.recentLoginTime })
      .from(users)
      .where(isNotNull(users.recentLoginTime))
      .orderBy(desc(users.recentLoginTime))
      .limit(RECENT_LOGINS),
  ]);
  return {
    userNum: u!.n,
    problemNum: p!.n,
    todayJudgeNum: s!.n,
    contestNum: c!.n,
    recentContest,
    recentLoginUsers: recent.map((r) => ({
      uid: r.uid,
      username: r.username,
      avatar: r.avatar,
      recentLoginTime: r.t?.toISOString() ?? null,
    })),
  };
}

/**
 * The live sessions of user `uid` (ip, user agent, times), newest first; `current` marks the caller's own
 * (`me`). Default: the caller's sessions.
 */
export async function listSessions(ctx: AppContext, me: SessionUser, uid = me.uid): Promise<SessionItem[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.uid, uid), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.gmtCreate));
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    userAgent: r.userAgent,
    gmtCreate: r.gmtCreate.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === me.sid,
  }));
}
