import { type AnnouncementItem, AnnouncementStatus, type Page } from '@oj/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { announcements, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/** Site announcements are those of no contest (cid null or 0) and no group. */
const isSite = and(sql`coalesce(${announcements.cid}, 0) = 0`, isNull(announcements.gid));

/**
 * A page of site announcements (or, with `gid`, of that group's: doc 3 §2 "Group announcements"), newest first,
 * with the author's username. `onlyVisible` keeps status 0 only (the public list); the admin list shows hidden ones
 * too.
 */
export async function listAnnouncements(
  ctx: AppContext,
  opts: { currentPage: number; limit: number; onlyVisible: boolean; gid?: number },
): Promise<Page<AnnouncementItem>> {
  const scope = opts.gid != null ? eq(announcements.gid, opts.gid) : isSite;
  const where: SQL | undefined = opts.onlyVisible
    ? and(scope, eq(announcements.status, AnnouncementStatus.VISIBLE))
    : scope;
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(announcements)
    .where(where);
  const rows = await ctx.db
    .select({ a: announcements, username: users.username })
    .from(announcements)
    .leftJoin(users, eq(users.uid, announcements.uid))
    .where(where)
    .orderBy(desc(announcements.gmtCreate), desc(announcements.id))
    .limit(opts.limit)
    .offset((opts.currentPage - 1) * opts.limit);
  return {
    records: rows.map((r) => toItem(r.a, r.username)),
    total,
    current: opts.currentPage,
    size: opts.limit,
  };
}

/** An announcement row as the API shows it. */
export function toItem(a: typeof announcements.$inferSelect, username: string | null): AnnouncementItem {
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    status: a.status,
    uid: a.uid,
    username,
    gmtCreate: a.gmtCreate.toISOString(),
    gmtModified: a.gmtModified.toISOString(),
  };
}

/** Creates a visible site announcement by `uid`; returns it. */
export async function createAnnouncement(
  ctx: AppContext,
  uid: string,
  username: string,
  body: { title: string; content: string },
): Promise<AnnouncementItem> {
  const [a] = await ctx.db
    .insert(announcements)
    .values({ title: body.title, content: body.content, uid, status: AnnouncementStatus.VISIBLE })
    .returning();
  return toItem(a!, username);
}

/** Updates title, content and (when given) status of a site announcement; 404 when absent. Returns it. */
export async function updateAnnouncement(
  ctx: AppContext,
  body: {
    id: number;
    title: string;
    content: string;
    status?: (typeof AnnouncementStatus)[keyof typeof AnnouncementStatus];
  },
): Promise<AnnouncementItem> {
  const [a] = await ctx.db
    .update(announcements)
    .set({
      title: body.title,
      content: body.content,
      ...(body.status === undefined ? {} : { status: body.status }),
      gmtModified: sql`now()`,
    })
    .where(and(eq(announcements.id, body.id), isSite))
    .returning();
  if (!a) throw notFound('announcement.notFound');
  const [u] = a.uid
    ? await ctx.db.select({ username: users.username }).from(users).where(eq(users.uid, a.uid))
    : [];
  return toItem(a, u?.username ?? null);
}

/** Deletes a site announcement; 404 when absent. */
export async function deleteAnnouncement(ctx: AppContext, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(announcements)
    .where(and(eq(announcements.id, id), isSite))
    .returning({ id: announcements.id });
  if (gone.length === 0) throw notFound('announcement.notFound');
}
