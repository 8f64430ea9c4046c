import {
  type CreateDiscussionBody,
  DISCUSSION_LIMITS,
  type DiscussionListQuery,
  DiscussionStatus,
  type DiscussionVo,
  isAdminRole,
  isSuperAdminRole,
  type Page,
  type UpdateDiscussionBody,
} from '@oj/shared';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { discussionCategories, discussions } from '../../db/schema/index.js';
import { cachedTotal } from '../../lib/cached-total.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { groupAccess } from '../group/group.access.js';
import { canViewProblemIn, loadProblemByProblemId } from '../problem/problem.access.js';
import { likePattern } from '../problem/problem.query.js';
import { countViewBatched, readDetail } from './discussion.detail.js';
import { cachedDiscussionPage, readDiscussionListVersion } from './discussion.list.js';
import { problemScopeOf, visibleProblemSql } from './discussion.problem.js';
import {
  assertDailyLimit,
  assertDiscussionAccess,
  assertDiscussionsOpen,
  assertNotDisabled,
  canPin,
  mayModerate,
} from './discussion.rules.js';
import { loadDiscussionRow, readDiscussion, selectDiscussions, toDiscussionVo } from './discussion.view.js';
import { viewerKey } from './discussion.views.js';

/**
 * Discussions (issue 12; doc 2 §2.12, §3, §5, §6, §7): the list, the detail with its view count, posting, editing
 * and deleting. Likes and reports are in discussion.interact.ts, categories in discussion.category.ts, the back
 * office in discussion.admin.ts. Rules: docs/community.md.
 */

/** The canonical display id of problem `pid` when it exists (the list filters on it), else `pid` as given. */
async function canonicalPid(ctx: AppContext, pid: string): Promise<string> {
  try {
    return (await loadProblemByProblemId(ctx, pid)).problemId;
  } catch {
    return pid;
  }
}

/**
 * GET /api/get-discussion-list -> Page<DiscussionVo>: pinned first, then newest. Public lists show normal site
 * discussions only; `admin=true` from an admin role is the back office (which works with the switch off): every
 * site discussion, and for super admins the groups' too (docs/community.md "Back office"). `content` only on the
 * caller's own posts. 403 when public discussions are off. With `group` (the group routes, which check the group
 * switch and the caller's standing first; `admin` the caller is one of the group's admins): that group's
 * discussions, disabled ones too when `group.all` (its admins' list). Every list leaves out the discussions of
 * problems the caller may not see (discussion.problem.ts).
 */
export async function listDiscussions(
  ctx: AppContext,
  user: SessionUser | null,
  q: DiscussionListQuery,
  group?: { gid: number; all: boolean; admin: boolean },
): Promise<Page<DiscussionVo>> {
  const adminView = group ? group.all : q.admin && !!user && isAdminRole(user.role);
  if (!adminView && !group) await assertDiscussionsOpen(ctx);
  const everyGroup = !group && adminView && !!user && isSuperAdminRole(user.role);
  const scope = problemScopeOf(user, group && { gid: group.gid, admin: group.admin });
  const conds: (SQL | undefined)[] = group
    ? [
        eq(discussions.gid, group.gid),
        adminView ? undefined : eq(discussions.status, DiscussionStatus.NORMAL),
      ]
    : adminView
      ? [everyGroup ? undefined : isNull(discussions.gid)]
      : [eq(discussions.status, DiscussionStatus.NORMAL), isNull(discussions.gid)];
  conds.push(visibleProblemSql(scope));
  if (q.cid) conds.push(eq(discussions.categoryId, q.cid));
  const mine = q.onlyMine && user ? user.uid : undefined;
  if (mine) conds.push(eq(discussions.uid, mine));
  const kw = q.keyword?.trim();
  if (kw) {
    const pattern = likePattern(kw);
    const asId = /^\d{1,15}$/.test(kw) ? eq(discussions.id, Number(kw)) : undefined;
    conds.push(
      or(
        ilike(discussions.title, pattern),
        ilike(discussions.description, pattern),
        ilike(discussions.author, pattern),
        asId,
      ),
    );
  }
  const current = q.currentPage;
  const size = q.limit;
  // The rows are kept per list version (discussion.list.ts); per request one statement reads the version, the
  // counts and the caller's own contents. The problem id as given is part of the key: the build resolves it.
  const key = JSON.stringify([
    adminView,
    everyGroup,
    scope,
    q.cid ?? 0,
    q.pid ?? '',
    mine ?? '',
    kw ?? '',
    group?.gid,
    current,
    size,
  ]);
  const page = await cachedDiscussionPage(ctx, key, user?.uid ?? null, async () => {
    const version = await readDiscussionListVersion(ctx);
    const pid = q.pid ? await canonicalPid(ctx, q.pid) : undefined;
    const where = and(...conds, pid ? eq(discussions.pid, pid) : undefined);
    const totalKey = JSON.stringify([
      'discussions',
      adminView,
      everyGroup,
      scope,
      q.cid ?? 0,
      pid ?? '',
      mine ?? '',
      kw ?? '',
      group?.gid,
    ]);
    const [rows, total] = await Promise.all([
      selectDiscussions(ctx)
        .where(where)
        .orderBy(desc(discussions.topPriority), desc(discussions.gmtCreate), desc(discussions.id))
        .limit(size)
        .offset((current - 1) * size),
      cachedTotal(ctx, totalKey, async () => {
        const [r] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(discussions).where(where);
        return Number(r.n);
      }),
    ]);
    const vos = rows.map((r) => toDiscussionVo(r, { content: false }));
    return { version, rows: vos, ids: vos.map((r) => r.id), total };
  });
  return { ...page, current, size };
}

/**
 * GET /api/get-discussion-detail?did -> DiscussionVo with content and the caller's like. 404 unknown, then its
 * access rule (403 when public discussions are off; a group discussion: the group switch and membership), 403
 * "discussion.disabled" for a disabled one (admin roles, and for a group discussion its group's admins, still read
 * it).
 * Counts the view once per viewer (`uid`, or `ip` when signed out) per hour.
 */
export async function discussionDetail(
  ctx: AppContext,
  user: SessionUser | null,
  did: number,
  ip: string,
): Promise<DiscussionVo> {
  const viewer = viewerKey(user?.uid, ip);
  const { liked, seen, ...row } = await readDetail(ctx, did, user?.uid ?? null, viewer);
  assertNotDisabled(user, row, await assertDiscussionAccess(ctx, user, row));
  const viewNum = seen ? null : await countViewBatched(ctx, did, viewer);
  const vo = toDiscussionVo(row, { content: true, hasLike: liked });
  if (viewNum != null) vo.viewNum = viewNum;
  return vo;
}

/** 400 "categoryId: the discussion category does not exist" unless it does. */
async function assertCategory(ctx: AppContext, id: number): Promise<void> {
  const [c] = await ctx.db
    .select({ id: discussionCategories.id })
    .from(discussionCategories)
    .where(eq(discussionCategories.id, id))
    .limit(1);
  if (!c) throw badRequest('discussion.categoryNotFound');
}

/** `[problemId] title` unless the title already starts with the prefix (case-insensitive). */
export function withProblemPrefix(title: string, problemId: string): string {
  const prefix = `[${problemId}]`;
  return title.toLowerCase().startsWith(prefix.toLowerCase()) ? title : `${prefix} ${title}`;
}

/**
 * POST /api/discussion -> the new DiscussionVo. The onRequest hook (needPoster) has checked role and AC count;
 * here: the switch (with `gid`: the group switch and membership of that group), the category, the problem (one
 * the caller may view; its display id prefixes the title), the title length with the prefix, and the daily limit
 * under the poster's lock. `topPriority` is honoured from those who may pin (canPin: admin roles for a site
 * discussion, the group's admins for a group one) and ignored from anyone else.
 */
export async function createDiscussion(
  ctx: AppContext,
  user: SessionUser,
  b: CreateDiscussionBody,
): Promise<DiscussionVo> {
  const standing = await assertDiscussionAccess(ctx, user, { gid: b.gid ?? null });
  await assertCategory(ctx, b.categoryId);
  let pid: string | null = null;
  let title = b.title;
  if (b.pid) {
    let problemId: string | null = null;
    try {
      const p = await loadProblemByProblemId(ctx, b.pid);
      if (await canViewProblemIn(ctx, user, p)) problemId = p.problemId;
    } catch {
      problemId = null;
    }
    if (!problemId) throw badRequest('discussion.problemUnknown', { pid: b.pid });
    pid = problemId;
    title = withProblemPrefix(title, problemId);
  }
  if ([...title].length > DISCUSSION_LIMITS.titleMax) {
    throw badRequest('validation.tooLong', { field: 'title', max: DISCUSSION_LIMITS.titleMax });
  }
  const { defaultCreateDiscussionDailyLimit: limit } = await ctx.config.get('switch');
  const did = await ctx.db.transaction(async (tx) => {
    await assertDailyLimit(tx, user, limit);
    const [row] = await tx
      .insert(discussions)
      .values({
        title,
        description: b.description,
        content: b.content,
        categoryId: b.categoryId,
        pid,
        gid: b.gid ?? null,
        uid: user.uid,
        author: user.username,
        topPriority: canPin(user, standing) ? (b.topPriority ?? false) : false,
      })
      .returning({ id: discussions.id });
    return row.id;
  });
  return toDiscussionVo(await readDiscussion(ctx, did), { content: true });
}

/**
 * PUT /api/discussion -> the updated DiscussionVo. The author only (403 "discussion.authorOnly"); title,
 * description, content and category; `topPriority` from those who may pin (canPin), else ignored; counts and the
 * problem never change. PUT /api/group/discussion adds the group admins' status and pin (group.discussion.ts).
 */
export async function updateDiscussion(
  ctx: AppContext,
  user: SessionUser,
  b: UpdateDiscussionBody,
): Promise<DiscussionVo> {
  const row = await loadDiscussionRow(ctx, b.id);
  const standing = await assertDiscussionAccess(ctx, user, row);
  if (row.uid !== user.uid) throw forbidden('discussion.authorOnly');
  await assertCategory(ctx, b.categoryId);
  const title = row.pid ? withProblemPrefix(b.title, row.pid) : b.title;
  if ([...title].length > DISCUSSION_LIMITS.titleMax) {
    throw badRequest('validation.tooLong', { field: 'title', max: DISCUSSION_LIMITS.titleMax });
  }
  await ctx.db
    .update(discussions)
    .set({
      title,
      description: b.description,
      content: b.content,
      categoryId: b.categoryId,
      ...(b.topPriority !== undefined && canPin(user, standing) ? { topPriority: b.topPriority } : {}),
      gmtModified: new Date(),
    })
    .where(eq(discussions.id, b.id));
  return toDiscussionVo(await readDiscussion(ctx, b.id), { content: true });
}

/**
 * DELETE /api/discussion?did -> null: the author, or its moderators (mayModerate: the admin roles for a site
 * discussion, its group's admins for a group one) (403 otherwise, 404 unknown).
 */
export async function deleteDiscussion(ctx: AppContext, user: SessionUser, did: number): Promise<void> {
  const row = await loadDiscussionRow(ctx, did);
  const moderates = async () =>
    mayModerate(user, row.gid == null ? null : await groupAccess(ctx, user, row.gid));
  if (row.uid !== user.uid && !(await moderates())) throw forbidden();
  await ctx.db.delete(discussions).where(eq(discussions.id, did));
}
