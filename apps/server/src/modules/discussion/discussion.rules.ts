import { DiscussionStatus, isAdminRole } from '@oj/shared';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, SessionUser } from '../../context.js';
import { discussions, userRecords } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { roleMay } from '../admin/role-auth.js';
import { enterGroup, type GroupStanding } from '../group/group.access.js';
import type { Tx } from '../problem/problem.store.js';
import { assertDiscussionProblemVisible } from './discussion.problem.js';

/**
 * The community's site rules (issue 12; doc 1 §6, doc 2 §6, doc 3 System Config "discussion" and §8): the
 * public-discussion and contest-comment switches (website config), the no-posting and muted roles, and for
 * ordinary users (every role but the admin roles) the AC counts and the posts-per-day limit (switch config).
 */

const DAY_MS = 24 * 3600 * 1000;

/** True for every role the AC counts and daily limits apply to (all but admin, problem admin, super admin). */
export function isOrdinaryUser(user: SessionUser): boolean {
  return !isAdminRole(user.role);
}

/** 403 "No Access: the discussion area is closed…" when `openPublicDiscussion` is off. */
export async function assertDiscussionsOpen(ctx: AppContext): Promise<void> {
  if (!(await ctx.config.get('website')).openPublicDiscussion) throw forbidden('discussion.closed');
}

/** 403 "No Access: contest comments are closed…" when `openContestComment` is off. */
export async function assertContestCommentsOpen(ctx: AppContext): Promise<void> {
  if (!(await ctx.config.get('website')).openContestComment) throw forbidden('contest.commentClosed');
}

/**
 * The access rule of one discussion (doc 1 §2.2 feature gates, doc 3 §6): a site discussion needs the
 * public-discussion switch; a group discussion (`gid`) the group-discussion switch and membership of its group
 * (401 signed out, 404 hidden group, 403 non-member). A discussion of a problem (`pid`, or read by `id` when `pid`
 * is left out) then answers 404 to those who may not see the problem (discussion.problem.ts). Returns the
 * caller's group standing, or null for a site one. Called with only `gid`, it checks the place (lists, posting).
 */
export async function assertDiscussionAccess(
  ctx: AppContext,
  user: SessionUser | null,
  d: { gid: number | null; id?: number; pid?: string | null },
): Promise<GroupStanding | null> {
  let standing: GroupStanding | null = null;
  if (d.gid == null) {
    await assertDiscussionsOpen(ctx);
  } else {
    if (!(await ctx.config.get('website')).openGroupDiscussion) throw forbidden('discussion.groupClosed');
    standing = await enterGroup(ctx, user, d.gid);
  }
  await assertDiscussionProblemVisible(ctx, user, d);
  return standing;
}

/**
 * Who may pin a discussion (doc 3 "Group discussions": top switch for admin roles / group admins): in a group
 * (`standing` of its group, from assertDiscussionAccess) its admins, super admins included; a site discussion
 * (`standing` null) the admin roles.
 */
export function canPin(user: SessionUser, standing: GroupStanding | null): boolean {
  return mayModerate(user, standing);
}

/**
 * 403 "discussion.disabled" when `d` is disabled (status 1) and the caller may not moderate it (mayModerate):
 * the admin roles read disabled site discussions, a group's admins (super admins included) its disabled group
 * discussions. `standing`: the caller's standing in the discussion's group (assertDiscussionAccess), null for a
 * site one.
 */
export function assertNotDisabled(
  user: SessionUser | null,
  d: { status: number | null },
  standing: GroupStanding | null,
): void {
  if (d.status !== DiscussionStatus.DISABLED) return;
  if (mayModerate(user, standing)) return;
  throw forbidden('discussion.disabled');
}

/**
 * Who moderates a discussion (docs/groups.md "Group discussions", docs/community.md "Back office"): a site
 * discussion (`standing` null) the admin roles; a group discussion its group's admins (levels 4-5, the owner,
 * super admins), never the site's admins or problem admins by their site role (inside a group they are nobody).
 */
export function mayModerate(user: SessionUser | null, standing: GroupStanding | null): boolean {
  if (!user) return false;
  return standing ? standing.isGroupAdmin : isAdminRole(user.role);
}

/** Distinct problems `uid` solved outside contests (user_records.ac; 0 without a record). */
export async function acceptedCount(ctx: AppContext, uid: string): Promise<number> {
  const [r] = await ctx.db
    .select({ ac: userRecords.ac })
    .from(userRecords)
    .where(eq(userRecords.uid, uid))
    .limit(1);
  return r?.ac ?? 0;
}

/**
 * onRequest hook of POST /api/discussion (before the body is read): 401 signed out; 403 for the no-posting and
 * muted roles (1004-1007) and for an ordinary user with fewer accepted problems than
 * `defaultCreateDiscussionACInitValue`. (The roles' posting right is the Role auth page's `discussion_post`.) The switches depend on the body (site or group): the service checks them.
 */
export async function needPoster(req: FastifyRequest): Promise<void> {
  const user = requireUser(req);
  const ctx = req.server.ctx;
  if (!(await roleMay(ctx, user.role, 'discussion_post'))) throw forbidden('discussion.noPostRole');
  if (!isOrdinaryUser(user)) return;
  const need = (await ctx.config.get('switch')).defaultCreateDiscussionACInitValue;
  if (need > 0 && (await acceptedCount(ctx, user.uid)) < need)
    throw forbidden('discussion.acRequired', { count: need });
}

/**
 * onRequest hook of comments, replies and editor uploads: 401 signed out, 403 for the roles without the Role auth
 * page's `comment` permission (by default the muted roles 1005, 1007).
 */
export async function needCommenter(req: FastifyRequest): Promise<void> {
  const user = requireUser(req);
  if (!(await roleMay(req.server.ctx, user.role, 'comment'))) throw forbidden('discussion.mutedRole');
}

/** 403 when an ordinary user has fewer accepted problems than `defaultCreateCommentACInitValue` (discussions only). */
export async function assertCommentAc(ctx: AppContext, user: SessionUser): Promise<void> {
  if (!isOrdinaryUser(user)) return;
  const need = (await ctx.config.get('switch')).defaultCreateCommentACInitValue;
  if (need > 0 && (await acceptedCount(ctx, user.uid)) < need)
    throw forbidden('comment.acRequired', { count: need });
}

/**
 * In the posting transaction: takes the poster's lock (parallel posts of one user wait for each other) and, for an
 * ordinary user, 403 when they posted `limit` discussions in the last 24 hours (0: no limit). `limit` is the
 * switch's `defaultCreateDiscussionDailyLimit`, read by the caller before the transaction (a read on the database
 * handle inside it would wait forever on PGlite: db/pglite-guard.ts).
 */
export async function assertDailyLimit(tx: Tx, user: SessionUser, limit: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`discussion-post:${user.uid}`}, 0))`);
  if (!isOrdinaryUser(user)) return;
  if (limit <= 0) return;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(discussions)
    .where(and(eq(discussions.uid, user.uid), gt(discussions.gmtCreate, new Date(Date.now() - DAY_MS))));
  if (n >= limit) throw forbidden('discussion.dailyLimit', { count: limit });
}
