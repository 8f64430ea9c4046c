import { isAdminRole, ProblemAuth } from '@oj/shared';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { problems } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';

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
 * The one "may view this problem" rule outside contests (doc 2 §2.2, §6): public (auth 1) non-group problems are
 * open to all; private (auth 2), contest-only (auth 3) and group problems only to problem managers (group
 * membership is the groups area's: managers only until it lands). Every route that shows a problem, or a
 * submission of one, goes through this rule, canViewProblemSql or assertCanViewProblem.
 */
export function canViewProblem(user: SessionUser | null, p: Pick<ProblemRow, 'auth' | 'isGroup'>): boolean {
  if (isProblemManager(user)) return true;
  return p.auth === ProblemAuth.PUBLIC && !p.isGroup;
}

/**
 * canViewProblem as an SQL condition on a problems id column (`pidColumn`, e.g. `submissions.pid`): true for
 * managers, else the id must be a public non-group problem's.
 */
export function canViewProblemSql(user: SessionUser | null, pidColumn: AnyColumn): SQL {
  if (isProblemManager(user)) return sql`true`;
  return sql`${pidColumn} IN (SELECT ${problems.id} FROM ${problems} WHERE ${problems.auth} = ${ProblemAuth.PUBLIC}
    AND NOT ${problems.isGroup})`;
}

/**
 * Throws 403 (with the reason) unless `user` may view `p` (canViewProblem). `gid`, when given, must be the
 * problem's group (404 otherwise).
 */
export function assertCanViewProblem(user: SessionUser | null, p: ProblemRow, gid?: number | null): void {
  if (gid != null && p.gid !== gid) throw notFound('problem.notFound');
  if (canViewProblem(user, p)) return;
  if (p.auth === ProblemAuth.PRIVATE) throw forbidden('problem.private');
  if (p.auth === ProblemAuth.CONTEST) throw forbidden('problem.inContest');
  if (p.isGroup) throw forbidden('problem.inGroup');
  throw forbidden('problem.noView');
}

/** Parses a positive integer id from a query value; 400 naming `field` otherwise. */
export function parseId(value: unknown, field: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest('validation.positiveInt', { field });
  return n;
}
