import { ContestAuth, type ContestListQuery, ContestStatus, type ContestVo, type Page } from '@oj/shared';
import { and, asc, desc, eq, gt, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestRegisters, contests } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { likePattern } from '../problem/problem.query.js';
import { contestAdminIn, contestStanding, fitsContestAccountLimit, openContest } from './contest.access.js';
import { forgetRegistrations, recentContestRead } from './contest.reads.js';
import { registrationCounts, toContestVo } from './contest.view.js';

/** SQL condition for a contest status code at `now` (status is computed, never stored). */
export function statusCondition(status: number, now: Date): SQL {
  if (status === ContestStatus.SCHEDULED) return gt(contests.startTime, now);
  if (status === ContestStatus.RUNNING)
    return and(lte(contests.startTime, now), gt(contests.endTime, now)) as SQL;
  return lte(contests.endTime, now);
}

/** Orders scheduled, running, ended (HOJ's status ascending), then the latest start first. */
function statusOrder(now: Date): SQL {
  return sql`CASE WHEN ${contests.startTime} > ${now} THEN 0 WHEN ${contests.endTime} > ${now} THEN 1 ELSE 2 END`;
}

async function withCounts(ctx: AppContext, rows: (typeof contests.$inferSelect)[], now: Date) {
  const counts = await registrationCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toContestVo(r, now, counts.get(r.id) ?? 0));
}

/**
 * GET /api/get-contest-list (doc 2 §2.6, §7): visible site contests (not group ones; with `gid` that group's, the
 * caller checks membership), filtered by status (-1, 0, 1 from the server clock), type (0 ACM, 1 OI) and a title
 * keyword; scheduled first, then running, then ended, latest start first. Public.
 */
export async function listContests(
  ctx: AppContext,
  q: ContestListQuery,
  gid?: number,
): Promise<Page<ContestVo>> {
  const now = new Date();
  const conds: (SQL | undefined)[] = [
    eq(contests.visible, true),
    gid != null ? eq(contests.gid, gid) : eq(contests.isGroup, false),
  ];
  if (q.status != null) conds.push(statusCondition(q.status, now));
  if (q.type != null) conds.push(eq(contests.type, q.type));
  if (q.keyword) conds.push(ilike(contests.title, likePattern(q.keyword)));
  const where = and(...conds);
  const [rows, [c]] = await Promise.all([
    ctx.db
      .select()
      .from(contests)
      .where(where)
      .orderBy(statusOrder(now), desc(contests.startTime), desc(contests.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(contests).where(where),
  ]);
  return {
    records: await withCounts(ctx, rows, now),
    total: Number(c?.n ?? 0),
    current: q.currentPage,
    size: q.limit,
  };
}

/** GET /api/get-contest-info?cid= (login; hidden contests for their admins only) -> ContestVo. */
export async function contestInfo(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
): Promise<ContestVo> {
  const { contest } = await openContest(ctx, user, cid);
  const now = new Date();
  const counts = await recentContestRead(ctx, cid, 'reg:count', () => registrationCounts(ctx, [cid]));
  return toContestVo(contest, now, counts.get(cid) ?? 0);
}

/** GET /api/get-contest-access?cid= (login) -> { access, isAdmin, registered } (see contestStanding). */
export async function contestAccess(ctx: AppContext, user: SessionUser | null, cid: number) {
  const { user: u, contest } = await openContest(ctx, user, cid);
  const s = await contestStanding(ctx, u, contest);
  return { access: s.access, isAdmin: s.isAdmin, registered: s.registered };
}

/**
 * POST /api/register-contest {cid, password} (doc 2 §4.2, §6): grants access to a private or protected contest.
 * 400 for a public contest, a wrong password or a second registration; 403 when the account limit leaves the
 * user out (contest admins need no registration but may register).
 */
export async function registerContest(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  password: string,
): Promise<void> {
  const { user: u, contest } = await openContest(ctx, user, cid);
  if (contest.auth === ContestAuth.PUBLIC) throw badRequest('contest.publicNoRegister');
  if (!(await contestAdminIn(ctx, u, contest)) && !fitsContestAccountLimit(contest, u.username)) {
    throw forbidden('contest.accountRuleJoin');
  }
  if (contest.pwd == null || password !== contest.pwd) throw badRequest('contest.wrongPassword');
  const inserted = await ctx.db
    .insert(contestRegisters)
    .values({ cid, uid: u.uid })
    .onConflictDoNothing()
    .returning({ uid: contestRegisters.uid });
  forgetRegistrations(cid);
  if (inserted.length === 0) throw badRequest('contest.alreadyRegistered');
}

/**
 * GET /api/get-recent-contest (doc 1 home): visible site contests running now or starting within 14 days, the
 * soonest first, at most 10. Public.
 */
export async function recentContests(ctx: AppContext): Promise<ContestVo[]> {
  const now = new Date();
  const horizon = new Date(now.getTime() + 14 * 24 * 3600 * 1000);
  const rows = await ctx.db
    .select()
    .from(contests)
    .where(
      and(
        eq(contests.visible, true),
        eq(contests.isGroup, false),
        gt(contests.endTime, now),
        lte(contests.startTime, horizon),
      ),
    )
    .orderBy(asc(contests.startTime), asc(contests.id))
    .limit(10);
  return withCounts(ctx, rows, now);
}
