import type { ContestAnnouncementBody, ContestAnnouncementVo, Page } from '@oj/shared';
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestAnnouncements } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { publishContestAnnouncement } from '../events/publish.js';
import { enterContest } from './contest.access.js';
import { loadAdministeredContest } from './contest.admin.js';
import { forgetContestRead, recentContestRead } from './contest.reads.js';

/**
 * Contest announcements (issue 10 §1; doc 2 §3 "Contest announcement", §7; doc 3 contest announcement admin).
 * Writing needs a contest admin (`loadAdministeredContest`: creator or super admin); reading needs the contest's
 * inside (`enterContest`: login, visible, registered for a private contest, started for non-admins).
 */

type Row = typeof contestAnnouncements.$inferSelect;
const UNREAD_MAX = 100;

function toVo(r: Row): ContestAnnouncementVo {
  return {
    id: r.id,
    cid: r.cid,
    title: r.title,
    content: r.content,
    username: r.username,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  };
}

async function page(
  ctx: AppContext,
  cid: number,
  q: { currentPage: number; limit: number },
): Promise<Page<ContestAnnouncementVo>> {
  const where = eq(contestAnnouncements.cid, cid);
  const [{ n }] = await ctx.db.select({ n: count() }).from(contestAnnouncements).where(where);
  const rows = await ctx.db
    .select()
    .from(contestAnnouncements)
    .where(where)
    .orderBy(desc(contestAnnouncements.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  return { records: rows.map(toVo), total: n, current: q.currentPage, size: q.limit };
}

/** The announcement `id` of contest `cid`; 404 "The contest announcement does not exist" otherwise. */
async function loadAnnouncement(ctx: AppContext, id: number): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(contestAnnouncements)
    .where(eq(contestAnnouncements.id, id))
    .limit(1);
  if (!row) throw notFound('contest.announcementNotFound');
  return row;
}

/**
 * GET /api/admin/contest/announcement?cid&currentPage&limit -> Page<ContestAnnouncementVo>, newest first.
 * 403 unless contest admin, 404 unknown contest.
 */
export async function adminListAnnouncements(
  ctx: AppContext,
  user: SessionUser,
  q: { cid: number; currentPage: number; limit: number },
) {
  await loadAdministeredContest(ctx, user, q.cid);
  return page(ctx, q.cid, q);
}

/** POST /api/admin/contest/announcement {announcement: {title, content}, cid} -> { id }. Contest admin. */
export async function adminCreateAnnouncement(
  ctx: AppContext,
  user: SessionUser,
  b: ContestAnnouncementBody,
) {
  await loadAdministeredContest(ctx, user, b.cid);
  const [row] = await ctx.db
    .insert(contestAnnouncements)
    .values({
      cid: b.cid,
      title: b.announcement.title,
      content: b.announcement.content,
      uid: user.uid,
      username: user.username,
    })
    .returning({ id: contestAnnouncements.id });
  // The live stream tells the contest's viewers (ids only; they fetch it through the access-checked routes).
  forgetAnnouncements(b.cid);
  await publishContestAnnouncement(ctx.db, b.cid, row.id);
  return { id: row.id };
}

/**
 * PUT /api/admin/contest/announcement {announcement: {id, title, content}, cid} -> null. Contest admin of the
 * announcement's contest; 400 without `announcement.id`, 404 for an announcement of another contest.
 */
export async function adminUpdateAnnouncement(
  ctx: AppContext,
  user: SessionUser,
  b: ContestAnnouncementBody,
) {
  const id = b.announcement.id;
  if (id == null) throw badRequest('validation.required', { field: 'announcement.id' });
  await loadAdministeredContest(ctx, user, b.cid);
  const row = await loadAnnouncement(ctx, id);
  if (row.cid !== b.cid) throw notFound('contest.announcementNotFound');
  await ctx.db
    .update(contestAnnouncements)
    .set({ title: b.announcement.title, content: b.announcement.content, gmtModified: new Date() })
    .where(eq(contestAnnouncements.id, id));
  forgetAnnouncements(b.cid);
}

/** DELETE /api/admin/contest/announcement?aid= -> null. Contest admin of its contest; 404 when unknown. */
export async function adminDeleteAnnouncement(ctx: AppContext, user: SessionUser, id: number) {
  const row = await loadAnnouncement(ctx, id);
  await loadAdministeredContest(ctx, user, row.cid);
  await ctx.db.delete(contestAnnouncements).where(eq(contestAnnouncements.id, id));
  forgetAnnouncements(row.cid);
}

/** Forgets the contest's reused announcements in this process (contest.reads.ts). */
const forgetAnnouncements = (cid: number) => forgetContestRead(cid, 'announcements');

/** GET /api/get-contest-announcement?cid&currentPage&limit -> Page<ContestAnnouncementVo> (contest access rule). */
export async function listAnnouncements(
  ctx: AppContext,
  user: SessionUser | null,
  q: { cid: number; currentPage: number; limit: number },
) {
  await enterContest(ctx, user, q.cid);
  return page(ctx, q.cid, q);
}

/**
 * POST /api/get-contest-not-read-announcement {cid, readAnnouncementList} -> ContestAnnouncementVo[]: the
 * contest's announcements whose ids the browser has not shown yet, newest first (at most 100). Contest access rule.
 */
export async function notReadAnnouncements(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  read: number[],
): Promise<ContestAnnouncementVo[]> {
  await enterContest(ctx, user, cid);
  // Every contestant's page asks this at once: the contest's newest announcements are read once a quarter second
  // (contest.reads.ts; forgotten here on every change) and filtered here; a contest with more than KEPT falls back
  // to the query.
  const newest = await recentContestRead(ctx, cid, 'announcements', () =>
    ctx.db
      .select()
      .from(contestAnnouncements)
      .where(eq(contestAnnouncements.cid, cid))
      .orderBy(desc(contestAnnouncements.id))
      .limit(KEPT + 1),
  );
  if (newest.length <= KEPT) {
    const seen = new Set(read);
    return newest
      .filter((r) => !seen.has(r.id))
      .slice(0, UNREAD_MAX)
      .map(toVo);
  }
  const where = read.length
    ? and(eq(contestAnnouncements.cid, cid), notInArray(contestAnnouncements.id, read))
    : eq(contestAnnouncements.cid, cid);
  const rows = await ctx.db
    .select()
    .from(contestAnnouncements)
    .where(where)
    .orderBy(desc(contestAnnouncements.id))
    .limit(UNREAD_MAX);
  return rows.map(toVo);
}

/** Announcements of a contest kept for the unread check (notReadAnnouncements); more are read by query. */
const KEPT = 500;
