import { type DiscussionReportVo, isSuperAdminRole, type Page, parseReportContent } from '@oj/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { discussionReports, discussions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * The back office's discussion screens (issue 12; doc 3 Discussion admin and reports; HOJ's /api/admin/discussion
 * and /api/admin/discussion-report), admin roles: pin, disable, delete, and the reports with their handled state.
 * One rule with docs/groups.md (site admins and problem admins are nobody inside a group): they see and moderate
 * site discussions (no `gid`) and their reports only; super admins every discussion, groups' included
 * (docs/community.md "Back office"). A group's discussions are moderated by its admins in the group.
 */

/** What a back-office caller reaches: `siteOnly` for the admin roles but super admins (backOfficeReach). */
export interface BackOfficeReach {
  siteOnly: boolean;
}

/** The reach of back-office caller `user` (an admin role): site discussions only unless a super admin. */
export function backOfficeReach(user: SessionUser): BackOfficeReach {
  return { siteOnly: !isSuperAdminRole(user.role) };
}

/** The condition on `discussions` of `reach`: site discussions only, or none. */
const reachSql = (reach: BackOfficeReach) => (reach.siteOnly ? isNull(discussions.gid) : undefined);

/**
 * PUT /api/admin/discussion {id, topPriority?, status?} -> null: pin and disable (404 unknown, and for a
 * `siteOnly` caller 404 for a group discussion). The group route (group.discussion.ts) calls it without `reach`
 * once the group's own rule has passed.
 */
export async function adminUpdateDiscussion(
  ctx: AppContext,
  b: { id: number; topPriority?: boolean; status?: number },
  reach: BackOfficeReach = { siteOnly: false },
): Promise<void> {
  const set: Partial<typeof discussions.$inferInsert> = {};
  if (b.topPriority !== undefined) set.topPriority = b.topPriority;
  if (b.status !== undefined) set.status = b.status;
  const done = await ctx.db
    .update(discussions)
    .set({ ...set, gmtModified: new Date() })
    .where(and(eq(discussions.id, b.id), reachSql(reach)))
    .returning({ id: discussions.id });
  if (!done.length) throw notFound('discussion.notFound');
}

/**
 * DELETE /api/admin/discussion [ids] -> null: deletes those that exist within `reach`, with their comments and
 * reports (a `siteOnly` caller's group ids are left alone, as unknown ones are).
 */
export async function adminDeleteDiscussions(
  ctx: AppContext,
  ids: number[],
  reach: BackOfficeReach,
): Promise<void> {
  await ctx.db.delete(discussions).where(and(inArray(discussions.id, ids), reachSql(reach)));
}

/**
 * GET /api/admin/discussion-report?currentPage&limit -> Page<DiscussionReportVo>: unhandled first, newest first;
 * for a `siteOnly` caller the reports of site discussions only.
 */
export async function adminListReports(
  ctx: AppContext,
  q: { currentPage: number; limit: number },
  reach: BackOfficeReach,
): Promise<Page<DiscussionReportVo>> {
  const where = reachSql(reach);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(discussionReports)
    .leftJoin(discussions, eq(discussions.id, discussionReports.did))
    .where(where);
  const rows = await ctx.db
    .select({
      id: discussionReports.id,
      did: discussionReports.did,
      gid: discussions.gid,
      discussionTitle: discussions.title,
      discussionAuthor: discussions.author,
      reporter: discussionReports.reporter,
      content: discussionReports.content,
      status: discussionReports.status,
      gmtCreate: discussionReports.gmtCreate,
      gmtModified: discussionReports.gmtModified,
    })
    .from(discussionReports)
    .leftJoin(discussions, eq(discussions.id, discussionReports.did))
    .where(where)
    .orderBy(asc(discussionReports.status), desc(discussionReports.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  return {
    records: rows.map((r) => ({
      ...r,
      ...parseReportContent(r.content),
      gmtCreate: r.gmtCreate.toISOString(),
      gmtModified: r.gmtModified.toISOString(),
    })),
    total: n,
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * PUT /api/admin/discussion-report {id, status} -> null: handled (true) or not; 404 unknown, and for a `siteOnly`
 * caller 404 for a report of a group discussion.
 */
export async function adminUpdateReport(
  ctx: AppContext,
  b: { id: number; status: boolean },
  reach: BackOfficeReach,
): Promise<void> {
  const inReach = reach.siteOnly
    ? sql`${discussionReports.did} IN (SELECT ${discussions.id} FROM ${discussions} WHERE ${discussions.gid} IS NULL)`
    : undefined;
  const done = await ctx.db
    .update(discussionReports)
    .set({ status: b.status, gmtModified: new Date() })
    .where(and(eq(discussionReports.id, b.id), inReach))
    .returning({ id: discussionReports.id });
  if (!done.length) throw notFound('discussion.reportNotFound');
}
