import {
  ApplyPublicProgress,
  GroupMemberAuth,
  isAdminRole,
  isCodeAndDataRole,
  isSuperAdminRole,
  ProblemAuth,
} from '@oj/shared';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { groups, problems } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { type GroupStanding, memberGroupIdsSql, memberLevel, standingOf } from '../group/group.access.js';

export type ProblemRow = typeof problems.$inferSelect;

/** True when the user may manage problems: admin, problem admin or super admin (doc 3 §6). */
export function isProblemManager(user: SessionUser | null): boolean {
  return !!user && isAdminRole(user.role);
}

/** Loads a problem by its numeric id; 404 "The problem does not exist" when absent. */
export async function loadProblemByPid(ctx: AppContext, pid: number): Promise<ProblemRow> {
  const [row] = await ctx.db.select().from(problems).where(eq(problems.id, pid)).limit(1);
  if (!row) throw notFound('problem.notFound');
  return row;
}

/** Loads a problem by its display id (case-insensitive, like the unique index); 404 when absent. */
export async function loadProblemByProblemId(ctx: AppContext, problemId: string): Promise<ProblemRow> {
  const [row] = await ctx.db
    .select()
    .from(problems)
    .where(sql`upper(${problems.problemId}) = upper(${problemId})`)
    .limit(1);
  if (!row) throw notFound('problem.notFound');
  return row;
}

/**
 * The caller's standing in a problem's group, as far as problem rules need it: `gid` the group, `member` and
 * `isGroupAdmin` as group.access.ts decides (the owner and super admins count). Null when there is no group or no
 * signed-in caller.
 */
export type ProblemGroupStanding = Pick<GroupStanding, 'member' | 'isGroupAdmin'> & { gid: number };

/** The standing of `user` in group `gid` for problem rules; null without a caller, a group, or when it is gone. */
export async function problemGroupStanding(
  ctx: AppContext,
  user: SessionUser | null,
  gid: number | null | undefined,
): Promise<ProblemGroupStanding | null> {
  if (!user || gid == null || isSuperAdminRole(user.role)) return null;
  const [g] = await ctx.db.select().from(groups).where(eq(groups.id, gid)).limit(1);
  if (!g) return null;
  const s = standingOf(user, g, await memberLevel(ctx, gid, user.uid));
  return { gid, member: s.member, isGroupAdmin: s.isGroupAdmin };
}

/**
 * The one "may view this problem" rule outside contests (doc 2 §2.2, §6; doc 3 §6): super admins see every problem.
 * Site problems: public (auth 1) ones are open to all, private (2) and contest-only (3) ones to problem managers.
 * Group problems (`isGroup`): inside their group, public ones (auth 1) to its members and all of them to its admins
 * (`standing`, the caller's standing in that group); site problem managers see only those waiting for their
 * apply-public decision, never test data. A group problem made public by the site admins is a site problem
 * (`isGroup` off) that its group's admins still manage. Every route that shows a problem, or a submission of one,
 * goes through this rule, canViewProblemSql or assertCanViewProblem.
 */
export function canViewProblem(
  user: SessionUser | null,
  p: Pick<ProblemRow, 'auth' | 'isGroup' | 'gid' | 'applyPublicProgress'>,
  standing: ProblemGroupStanding | null = null,
): boolean {
  if (user && isSuperAdminRole(user.role)) return true;
  const inGroup = standing != null && p.gid != null && standing.gid === p.gid;
  if (!p.isGroup) {
    return p.auth === ProblemAuth.PUBLIC || isProblemManager(user) || (inGroup && standing.isGroupAdmin);
  }
  if (inGroup && (standing.isGroupAdmin || (standing.member && p.auth === ProblemAuth.PUBLIC))) return true;
  return isProblemManager(user) && p.applyPublicProgress === ApplyPublicProgress.APPLYING;
}

/** canViewProblem with the caller's standing in the problem's group read from the database when it matters. */
export async function canViewProblemIn(
  ctx: AppContext,
  user: SessionUser | null,
  p: Pick<ProblemRow, 'auth' | 'isGroup' | 'gid' | 'applyPublicProgress'>,
): Promise<boolean> {
  if (canViewProblem(user, p)) return true;
  return canViewProblem(user, p, await problemGroupStanding(ctx, user, p.gid));
}

/**
 * canViewProblem as an SQL condition on a problems id column (`pidColumn`, e.g. `submissions.pid`): true for super
 * admins; else the id must be a problem the caller may view (public site problems; for managers every site problem
 * and the group problems awaiting their decision; the problems of the caller's groups as their level allows).
 */
export function canViewProblemSql(user: SessionUser | null, pidColumn: AnyColumn): SQL {
  if (user && isSuperAdminRole(user.role)) return sql`true`;
  const site = isProblemManager(user)
    ? sql`(NOT ${problems.isGroup} OR ${problems.applyPublicProgress} = ${ApplyPublicProgress.APPLYING})`
    : sql`(${problems.auth} = ${ProblemAuth.PUBLIC} AND NOT ${problems.isGroup})`;
  if (!user) return sql`${pidColumn} IN (SELECT ${problems.id} FROM ${problems} WHERE ${site})`;
  const memberOf = memberGroupIdsSql(user.uid);
  const adminOf = memberGroupIdsSql(user.uid, GroupMemberAuth.ADMIN);
  return sql`${pidColumn} IN (SELECT ${problems.id} FROM ${problems} WHERE ${site}
    OR (${problems.gid} IN ${adminOf})
    OR (${problems.isGroup} AND ${problems.auth} = ${ProblemAuth.PUBLIC} AND ${problems.gid} IN ${memberOf}))`;
}

/**
 * Throws 403 (with the reason) unless `user` may view `p` (canViewProblemIn). `gid`, when given, must be the
 * problem's group (404 otherwise).
 */
export async function assertCanViewProblem(
  ctx: AppContext,
  user: SessionUser | null,
  p: ProblemRow,
  gid?: number | null,
): Promise<void> {
  if (gid != null && p.gid !== gid) throw notFound('problem.notFound');
  if (await canViewProblemIn(ctx, user, p)) return;
  if (p.isGroup) throw forbidden('problem.inGroup');
  if (p.auth === ProblemAuth.PRIVATE) throw forbidden('problem.private');
  if (p.auth === ProblemAuth.CONTEST) throw forbidden('problem.inContest');
  throw forbidden('problem.noView');
}

/**
 * Whether `user` manages problem `p` (edits it, reads its checker and every template, sees its case results):
 * super admins; for site problems the site's problem managers and, once a group problem is public, its group's
 * admins; for group problems their group's admins only (doc 3 §6).
 */
export async function managesProblem(
  ctx: AppContext,
  user: SessionUser | null,
  p: Pick<ProblemRow, 'isGroup' | 'gid'>,
): Promise<boolean> {
  if (!user) return false;
  if (isSuperAdminRole(user.role)) return true;
  if (!p.isGroup && isProblemManager(user)) return true;
  return (await problemGroupStanding(ctx, user, p.gid))?.isGroupAdmin ?? false;
}

/**
 * Whether `user` may read every test case of problem `p` (case data of any submission, the case download): super
 * admins and problem admins (doc 2 §6) for site problems; for group problems their group's admins only, so that a
 * group's test data never leaves the group.
 */
export async function readsProblemData(
  ctx: AppContext,
  user: SessionUser | null,
  p: Pick<ProblemRow, 'isGroup' | 'gid'>,
): Promise<boolean> {
  if (!user) return false;
  if (isSuperAdminRole(user.role)) return true;
  if (!p.isGroup && isCodeAndDataRole(user.role)) return true;
  return (await problemGroupStanding(ctx, user, p.gid))?.isGroupAdmin ?? false;
}

/**
 * The site's problem admin routes manage site problems: a group problem (`isGroup`) there is for super admins only
 * (403 "problem.groupOwned"); its group's admins use the group routes. Loads the problem (404 when absent).
 */
export async function loadSiteManagedProblem(
  ctx: AppContext,
  user: SessionUser,
  pid: number,
): Promise<ProblemRow> {
  const p = await loadProblemByPid(ctx, pid);
  if (p.isGroup && !isSuperAdminRole(user.role)) throw forbidden('problem.groupOwned');
  return p;
}

/** Parses a positive integer id from a query value; 400 naming `field` otherwise. */
export function parseId(value: unknown, field: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest('validation.positiveInt', { field });
  return n;
}
