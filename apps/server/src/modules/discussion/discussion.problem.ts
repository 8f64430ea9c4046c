import { ApplyPublicProgress, isAdminRole, isSuperAdminRole, ProblemAuth } from '@oj/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { discussions, problems } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { canViewProblemIn } from '../problem/problem.access.js';

/**
 * Discussions of problems (issue 23 §2b item 1; docs/community.md "Discussions of problems"): a discussion tied to
 * a problem (`pid`, the problem's display id) is seen only by those who may see that problem, by the one problem
 * rule (problem.access.ts canViewProblem): a site discussion of a public problem by everyone, of a private or
 * contest-only one by the problem managers; a group discussion of a group problem by whom the group shows it
 * (its public problems to members, all of them to its admins). Otherwise the discussion, its comments and its
 * replies answer 404 and the lists leave it out. A discussion whose problem no longer exists is not hidden.
 */

/** The problem columns the rule reads, by display id (case-insensitive, like the unique index); null when gone. */
async function problemOf(ctx: AppContext, pid: string) {
  const [p] = await ctx.db
    .select({
      auth: problems.auth,
      isGroup: problems.isGroup,
      gid: problems.gid,
      applyPublicProgress: problems.applyPublicProgress,
    })
    .from(problems)
    .where(sql`upper(${problems.problemId}) = upper(${pid})`)
    .limit(1);
  return p ?? null;
}

/**
 * 404 "The discussion does not exist" unless `user` may see the problem of discussion `d` (nothing to check
 * without a problem, or when it is gone). `d.pid` as stored; when left out (a comment's head), it is read by
 * `d.id`.
 */
export async function assertDiscussionProblemVisible(
  ctx: AppContext,
  user: SessionUser | null,
  d: { id?: number; pid?: string | null },
): Promise<void> {
  if (user && isSuperAdminRole(user.role)) return;
  let pid = d.pid;
  if (pid === undefined) {
    if (d.id == null) return;
    const [row] = await ctx.db
      .select({ pid: discussions.pid })
      .from(discussions)
      .where(eq(discussions.id, d.id))
      .limit(1);
    pid = row?.pid ?? null;
  }
  if (!pid) return;
  const p = await problemOf(ctx, pid);
  if (p && !(await canViewProblemIn(ctx, user, p))) throw notFound('discussion.notFound');
}

/**
 * Which problems' discussions a list shows, the same for every caller of one class (the list's pages are kept
 * per class, discussion.list.ts): `site` 'all' (super admins), 'manager' (the admin roles: every site problem and
 * group problems awaiting their apply-public decision) or 'public' (public site problems); `group`, for a group's
 * list, the caller's standing there (its admins see all its problems, members its public ones).
 */
export interface ProblemScope {
  site: 'all' | 'manager' | 'public';
  group?: { gid: number; admin: boolean };
}

/** The ProblemScope of `user` for the site list, or for group `gid`'s list with the caller's `admin` standing. */
export function problemScopeOf(
  user: SessionUser | null,
  group?: { gid: number; admin: boolean },
): ProblemScope {
  if (user && isSuperAdminRole(user.role)) return { site: 'all' };
  return { site: user && isAdminRole(user.role) ? 'manager' : 'public', ...(group ? { group } : {}) };
}

/**
 * The list condition of `scope` on `discussions`: no problem, a problem that no longer exists, or one the scope
 * may see (canViewProblemSql's site rule, and the group's rule for a group list). Undefined for 'all'.
 */
export function visibleProblemSql(scope: ProblemScope): SQL | undefined {
  if (scope.site === 'all') return undefined;
  const site =
    scope.site === 'manager'
      ? sql`(NOT p.is_group OR p.apply_public_progress = ${ApplyPublicProgress.APPLYING})`
      : sql`(p.auth = ${ProblemAuth.PUBLIC} AND NOT p.is_group)`;
  const g = scope.group;
  const group = !g
    ? sql`false`
    : g.admin
      ? sql`p.gid = ${g.gid}`
      : sql`(p.is_group AND p.auth = ${ProblemAuth.PUBLIC} AND p.gid = ${g.gid})`;
  return sql`(${discussions.pid} IS NULL OR NOT EXISTS (SELECT 1 FROM problems p
    WHERE upper(p.problem_id) = upper(${discussions.pid}) AND NOT coalesce(${site} OR ${group}, false)))`;
}
