import type { AnnouncementItem } from '@oj/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { announcements } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { listAnnouncements, toItem } from '../announcement/announcement.service.js';
import { adminGroup, enterGroup } from './group.access.js';

type PageQ = { gid: number; currentPage: number; limit: number };

/** GET /api/group/get-announcement-list?gid (members, super admins; doc 3 §6): the visible ones, newest first. */
export async function listGroupAnnouncements(ctx: AppContext, user: SessionUser | null, q: PageQ) {
  await enterGroup(ctx, user, q.gid);
  return listAnnouncements(ctx, { ...q, onlyVisible: true });
}

/** GET /api/group/get-admin-announcement-list?gid (group admins): hidden ones too. */
export async function listGroupAdminAnnouncements(ctx: AppContext, user: SessionUser | null, q: PageQ) {
  await adminGroup(ctx, user, q.gid);
  return listAnnouncements(ctx, { ...q, onlyVisible: false });
}

/** POST /api/group/announcement {gid, title, content, status} (group admins) -> the announcement. */
export async function createGroupAnnouncement(
  ctx: AppContext,
  user: SessionUser,
  b: { gid: number; title: string; content: string; status: number },
): Promise<AnnouncementItem> {
  await adminGroup(ctx, user, b.gid);
  const [a] = await ctx.db
    .insert(announcements)
    .values({ title: b.title, content: b.content, status: b.status, uid: user.uid, gid: b.gid })
    .returning();
  return toItem(a, user.username);
}

/**
 * The group announcement `id` for a change by `user`: admins of its group only, and then its author or a group root
 * (doc 3 §6). 404 when no group announcement has that id.
 */
async function loadChangeable(ctx: AppContext, user: SessionUser, id: number) {
  const [a] = await ctx.db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), isNotNull(announcements.gid)))
    .limit(1);
  if (!a?.gid) throw notFound('group.announcementNotFound');
  const s = await adminGroup(ctx, user, a.gid);
  if (!s.isGroupRoot && a.uid !== user.uid) throw forbidden('group.authorOrRootOnly');
  return a;
}

/** PUT /api/group/announcement {id, title, content, status} (its author or a group root) -> the announcement. */
export async function updateGroupAnnouncement(
  ctx: AppContext,
  user: SessionUser,
  b: { id: number; title: string; content: string; status: number },
): Promise<AnnouncementItem> {
  await loadChangeable(ctx, user, b.id);
  const [a] = await ctx.db
    .update(announcements)
    .set({ title: b.title, content: b.content, status: b.status, gmtModified: sql`now()` })
    .where(eq(announcements.id, b.id))
    .returning();
  return toItem(a, null);
}

/** DELETE /api/group/announcement?aid (its author or a group root). */
export async function deleteGroupAnnouncement(ctx: AppContext, user: SessionUser, aid: number) {
  await loadChangeable(ctx, user, aid);
  await ctx.db.delete(announcements).where(eq(announcements.id, aid));
}
