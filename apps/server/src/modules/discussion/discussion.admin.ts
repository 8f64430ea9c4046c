import { type DiscussionReportVo, type Page, parseReportContent } from '@oj/shared';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { discussionReports, discussions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * The back office's discussion screens (issue 12; doc 3 Discussion admin and reports; HOJ's /api/admin/discussion
 * and /api/admin/discussion-report), admin roles: pin, disable, delete, and the reports with their handled state.
 */

/** PUT /api/admin/discussion {id, topPriority?, status?} -> null: pin and disable (404 unknown). */
export async function adminUpdateDiscussion(
  ctx: AppContext,
  b: { id: number; topPriority?: boolean; status?: number },
): Promise<void> {
  const set: Partial<typeof discussions.$inferInsert> = {};
  if (b.topPriority !== undefined) set.topPriority = b.topPriority;
  if (b.status !== undefined) set.status = b.status;
  const done = await ctx.db
    .update(discussions)
    .set({ ...set, gmtModified: new Date() })
    .where(eq(discussions.id, b.id))
    .returning({ id: discussions.id });
  if (!done.length) throw notFound('discussion.notFound');
}

/** DELETE /api/admin/discussion [ids] -> null: deletes those that exist, with their comments and reports. */
export async function adminDeleteDiscussions(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.delete(discussions).where(inArray(discussions.id, ids));
}

/** GET /api/admin/discussion-report?currentPage&limit -> Page<DiscussionReportVo>: unhandled first, newest first. */
export async function adminListReports(
  ctx: AppContext,
  q: { currentPage: number; limit: number },
): Promise<Page<DiscussionReportVo>> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(discussionReports);
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

/** PUT /api/admin/discussion-report {id, status} -> null: handled (true) or not; 404 unknown. */
export async function adminUpdateReport(ctx: AppContext, b: { id: number; status: boolean }): Promise<void> {
  const done = await ctx.db
    .update(discussionReports)
    .set({ status: b.status, gmtModified: new Date() })
    .where(eq(discussionReports.id, b.id))
    .returning({ id: discussionReports.id });
  if (!done.length) throw notFound('discussion.reportNotFound');
}
