import type { DashboardInfo, SessionItem } from '@oj/shared';
import { and, desc, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, sessions, submissions, users } from '../../db/schema/index.js';

/** Users shown in the dashboard's recent-login list. */
const RECENT_LOGINS = 10;

/** Start of the current UTC day. */
function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Counts for the admin dashboard: users, problems, submissions since 00:00 UTC today, contests (0 until the
 * contest area exists) and the most recent logins.
 */
export async function dashboardInfo(ctx: AppContext): Promise<DashboardInfo> {
  const db = ctx.db;
  const count = sql<number>`count(*)::int`;
  const [[u], [p], [s], recent] = await Promise.all([
    db.select({ n: count }).from(users),
    db.select({ n: count }).from(problems),
    db.select({ n: count }).from(submissions).where(gte(submissions.submitTime, startOfUtcDay())),
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
    contestNum: 0,
    recentContest: [],
    recentLoginUsers: recent.map((r) => ({
      uid: r.uid,
      username: r.username,
      avatar: r.avatar,
      recentLoginTime: r.t?.toISOString() ?? null,
    })),
  };
}

/** The live sessions of `me` (ip, user agent, times), newest first; `current` marks the calling one. */
export async function listSessions(ctx: AppContext, me: SessionUser): Promise<SessionItem[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.uid, me.uid), gt(sessions.expiresAt, new Date())))
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
