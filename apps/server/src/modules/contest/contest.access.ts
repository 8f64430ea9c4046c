import {
  type ContestAccessVo,
  ContestAuth,
  ContestRegisterStatus,
  ContestStatus,
  fitsAccountLimit,
  isSuperAdminRole,
  parseAccountLimitRule,
} from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestRegisters, contests } from '../../db/schema/index.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { enterGroup, groupAccess } from '../group/group.access.js';
import { contestStatus } from './contest.clock.js';
import { recentContestRead } from './contest.reads.js';

export type ContestRow = typeof contests.$inferSelect;

/** Loads a contest by id; 404 "The contest does not exist" when absent. */
export async function loadContest(ctx: AppContext, cid: number): Promise<ContestRow> {
  const [row] = await ctx.db.select().from(contests).where(eq(contests.id, cid)).limit(1);
  if (!row) throw notFound('contest.notFound');
  return row;
}

/**
 * Contest admin of a site contest (doc 2 §6): the contest's creator or a super admin. Contest admins always view
 * and submit, see real-time results and every submission. Group contests: contestAdminIn.
 */
export function isContestAdmin(user: SessionUser | null, c: Pick<ContestRow, 'uid'>): boolean {
  if (!user) return false;
  return isSuperAdminRole(user.role) || (c.uid != null && c.uid === user.uid);
}

/**
 * Contest admin of any contest (doc 2 §6, doc 3 §6): isContestAdmin for site contests; for a group's contest super
 * admins, and among the group's members its roots and the contest's creator (a creator who left the group is no
 * longer one). One query for the group's standing, only for group contests.
 */
export async function contestAdminIn(
  ctx: AppContext,
  user: SessionUser | null,
  c: Pick<ContestRow, 'uid' | 'gid'>,
): Promise<boolean> {
  if (c.gid == null || !user || isSuperAdminRole(user.role)) return isContestAdmin(user, c);
  const s = await groupAccess(ctx, user, c.gid).catch(() => null);
  if (!s?.member) return false;
  return s.isGroupRoot || (c.uid != null && c.uid === user.uid);
}

/**
 * Whether `user` may see a contest's outside scoreboard and info (doc 2 §2.10): its admins, or anyone when it is
 * visible with openRank on; a group's contest only for the group's members.
 */
export async function mayViewOutsideBoard(
  ctx: AppContext,
  user: SessionUser | null,
  c: ContestRow,
): Promise<boolean> {
  if (await contestAdminIn(ctx, user, c)) return true;
  if (!(c.openRank && c.visible)) return false;
  if (c.gid == null) return true;
  const s = user ? await groupAccess(ctx, user, c.gid).catch(() => null) : null;
  return !!s?.member;
}

/** True when `uid` registered for the contest with its password. */
export async function isRegistered(ctx: AppContext, cid: number, uid: string): Promise<boolean> {
  const [r] = await ctx.db
    .select({ uid: contestRegisters.uid })
    .from(contestRegisters)
    .where(
      and(
        eq(contestRegisters.cid, cid),
        eq(contestRegisters.uid, uid),
        eq(contestRegisters.status, ContestRegisterStatus.VALID),
      ),
    )
    .limit(1);
  return !!r;
}

/** True when the account limit of the contest lets `username` take part (always when the limit is off). */
export function fitsContestAccountLimit(c: ContestRow, username: string): boolean {
  if (!c.openAccountLimit) return true;
  return fitsAccountLimit(username, parseAccountLimitRule(c.accountLimitRule));
}

/**
 * The viewer's standing in a contest (doc 2 §4.2, §6), for a signed-in user of a contest they may see:
 * `isAdmin` contest admin; `registered` registered with the password; `access` may view the contest's problems,
 * submissions and board: admins, public and protected contests for everyone, private contests once registered.
 */
export async function contestStanding(
  ctx: AppContext,
  user: SessionUser,
  c: ContestRow,
): Promise<ContestAccessVo & { canSubmit: boolean }> {
  const isAdmin = await contestAdminIn(ctx, user, c);
  // Reused for a quarter second (contest.reads.ts): a page's concurrent calls check it once.
  const registered = await recentContestRead(ctx, c.id, `reg:${user.uid}`, () =>
    isRegistered(ctx, c.id, user.uid),
  );
  const access = isAdmin || c.auth !== ContestAuth.PRIVATE || registered;
  const canSubmit = isAdmin || c.auth === ContestAuth.PUBLIC || registered;
  return { access, isAdmin, registered, canSubmit };
}

/**
 * Loads a contest the caller may open at all: 401 for anonymous callers (doc 2 §6: a contest detail needs login),
 * 404 for unknown contests and for hidden ones (visible off) unless the caller is a contest admin; a group's
 * contest only for the group's members (enterGroup: 404 / 403).
 */
export async function openContest(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
): Promise<{ user: SessionUser; contest: ContestRow }> {
  if (!user) throw unauthorized();
  // The row is reused for a quarter second (contest.reads.ts); shared with other requests: never mutate it.
  const contest = await recentContestRead(ctx, cid, 'row', () => loadContest(ctx, cid));
  if (contest.gid != null && !isSuperAdminRole(user.role)) await enterGroup(ctx, user, contest.gid);
  if (!contest.visible && !(await contestAdminIn(ctx, user, contest))) throw notFound('contest.notFound');
  return { user, contest };
}

/**
 * Loads a contest whose inside (problems, submissions, board) the caller may view (doc 2 §4.2): openContest, then
 * 403 for a private contest without registration and, for non-admins, 403 before the start. Returns the
 * contest and the caller's standing.
 */
export async function enterContest(ctx: AppContext, user: SessionUser | null, cid: number, now = new Date()) {
  const opened = await openContest(ctx, user, cid);
  const standing = await contestStanding(ctx, opened.user, opened.contest);
  if (!standing.access) {
    throw forbidden('contest.privateRegisterFirst');
  }
  if (!standing.isAdmin && contestStatus(opened.contest, now) === ContestStatus.SCHEDULED) {
    throw forbidden('contest.notStarted');
  }
  return { ...opened, standing };
}
