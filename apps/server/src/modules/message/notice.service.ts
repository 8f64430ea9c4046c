import {
  ADMIN_ROLES,
  type AdminNoticeVo,
  MessageType,
  type NoticeBody,
  NoticeType,
  type NoticeTypeName,
  type Page,
  type UpdateNoticeBody,
} from '@oj/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext, SessionUser } from '../../context.js';
import type { Db } from '../../db/client.js';
import { adminNotices, userNotices, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { Tx } from '../problem/problem.store.js';
import { publishUnread } from './message.publish.js';
import { forgetUnread } from './message.unread.js';

/**
 * Notices (issue 12; doc 3 "Notification", doc 1 §9 "pushed hourly"): the super admin writes them in the back
 * office (HOJ's /api/admin/msg/notice); `deliverNotices` (run hourly by notice.job.ts on every instance) turns each
 * undelivered one into a Sys message per recipient exactly once. `sendPersonalMessage` is the seam for other areas'
 * "Mine" messages.
 */

type Row = typeof adminNotices.$inferSelect;
const noticeAdmin = alias(users, 'notice_admin');

/** The uids of `usernames` (case-insensitive); 400 naming the unknown ones (at most 10). */
async function resolveRecipients(ctx: AppContext, usernames: string[]): Promise<string[]> {
  const wanted = [...new Set(usernames.map((u) => u.toLowerCase()))];
  if (!wanted.length) return [];
  const found = await ctx.db
    .select({ uid: users.uid, name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, wanted));
  const known = new Set(found.map((f) => f.name));
  const unknown = wanted.filter((w) => !known.has(w));
  if (unknown.length)
    throw badRequest('notice.unknownRecipients', { usernames: unknown.slice(0, 10).join(', ') });
  return found.map((f) => f.uid);
}

/** The recipients a notice body names: uids for Single (400 without any), none otherwise. */
async function recipientsOf(ctx: AppContext, b: NoticeBody): Promise<string[]> {
  if (b.type !== NoticeType.SINGLE) return [];
  if (!b.recipients.length) throw badRequest('notice.recipientsRequired');
  return resolveRecipients(ctx, b.recipients);
}

async function loadNotice(ctx: AppContext, id: number): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(adminNotices)
    .where(and(eq(adminNotices.id, id), eq(adminNotices.personal, false)))
    .limit(1);
  if (!row) throw notFound('notice.notFound');
  return row;
}

/** GET /api/admin/msg/notice?currentPage&limit&type -> Page<AdminNoticeVo>, newest first (super admin). */
export async function adminListNotices(
  ctx: AppContext,
  q: { currentPage: number; limit: number; type?: NoticeTypeName },
): Promise<Page<AdminNoticeVo>> {
  const where = and(eq(adminNotices.personal, false), q.type ? eq(adminNotices.type, q.type) : undefined);
  const [{ n }] = await ctx.db.select({ n: count() }).from(adminNotices).where(where);
  const rows = await ctx.db
    .select({ notice: adminNotices, adminUsername: noticeAdmin.username })
    .from(adminNotices)
    .leftJoin(noticeAdmin, eq(noticeAdmin.uid, adminNotices.adminUid))
    .where(where)
    .orderBy(desc(adminNotices.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  const uids = [...new Set(rows.flatMap((r) => r.notice.recipients))];
  const names = new Map(
    uids.length
      ? (
          await ctx.db
            .select({ uid: users.uid, username: users.username })
            .from(users)
            .where(inArray(users.uid, uids))
        ).map((u) => [u.uid, u.username])
      : [],
  );
  return {
    records: rows.map(({ notice: r, adminUsername }) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      type: r.type as NoticeTypeName,
      recipients: r.recipients.map((u) => names.get(u)).filter((u): u is string => !!u),
      state: r.state,
      adminUsername,
      gmtCreate: r.gmtCreate.toISOString(),
      gmtModified: r.gmtModified.toISOString(),
    })),
    total: n,
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * POST /api/admin/msg/notice {title, content, type, recipients} -> { id }: an undelivered notice, sent at the next
 * hourly delivery. 400 for a Single notice without recipients or with unknown usernames.
 */
export async function adminCreateNotice(ctx: AppContext, admin: SessionUser, b: NoticeBody) {
  const recipients = await recipientsOf(ctx, b);
  const [row] = await ctx.db
    .insert(adminNotices)
    .values({ title: b.title, content: b.content, type: b.type, recipients, adminUid: admin.uid })
    .returning({ id: adminNotices.id });
  return { id: row.id };
}

/**
 * PUT /api/admin/msg/notice {id, title, content, type, recipients} -> null. Title and content may always change
 * (delivered copies show the new text); type and recipients only until delivery (400 "notice.pushedFixed").
 */
export async function adminUpdateNotice(ctx: AppContext, b: UpdateNoticeBody): Promise<void> {
  const row = await loadNotice(ctx, b.id);
  const recipients = await recipientsOf(ctx, b);
  const same = row.type === b.type && [...row.recipients].sort().join() === [...recipients].sort().join();
  if (row.state && !same) throw badRequest('notice.pushedFixed');
  await ctx.db
    .update(adminNotices)
    .set({ title: b.title, content: b.content, type: b.type, recipients, gmtModified: new Date() })
    .where(eq(adminNotices.id, b.id));
}

/** DELETE /api/admin/msg/notice?id -> null; the delivered copies go with it. 404 unknown. */
export async function adminDeleteNotice(ctx: AppContext, id: number): Promise<void> {
  await loadNotice(ctx, id);
  await ctx.db.delete(adminNotices).where(eq(adminNotices.id, id));
  forgetUnread('*'); // its delivered copies went with it (the triggers tell the other processes)
}

/** The recipients of a notice as a SELECT of uids. */
function recipientSql(n: { type: string; recipients: string[] }) {
  if (n.type === NoticeType.ALL) return sql`SELECT uid FROM ${users}`;
  if (n.type === NoticeType.ADMIN) {
    return sql`SELECT uid FROM ${users} WHERE role IN (${sql.join(
      ADMIN_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )})`;
  }
  return sql`SELECT uid FROM ${users} WHERE uid IN (SELECT jsonb_array_elements_text(${JSON.stringify(n.recipients)}::jsonb))`;
}

/**
 * Delivers every undelivered notice (the hourly job): in one transaction it takes them with FOR UPDATE SKIP LOCKED
 * (another instance running at the same moment skips them and finds nothing), writes one Sys message per recipient
 * (the unique index on notice and recipient refuses a second) and marks them delivered. Returns how many notices
 * and messages it delivered. With `onlyId`, only that notice (the back office's "push now").
 */
export async function deliverNotices(
  ctx: AppContext,
  onlyId?: number,
): Promise<{ notices: number; messages: number }> {
  return ctx.db.transaction(async (tx) => {
    const only = onlyId === undefined ? sql`` : sql` AND id = ${onlyId} AND NOT personal`;
    const pending = rowsOf<{ id: number; type: string; recipients: string[] }>(
      await tx.execute(sql`SELECT id, type, recipients FROM ${adminNotices}
        WHERE NOT state${only} ORDER BY id FOR UPDATE SKIP LOCKED`),
    );
    let messages = 0;
    for (const n of pending) {
      const id = Number(n.id);
      // Everyone: only the count (a notice to all users reaches the badges by their poll). Named users and admins:
      // their uids too, for the live badge.
      const all = n.type === NoticeType.ALL;
      const res = await tx.execute(sql`
        WITH ins AS (
          INSERT INTO ${userNotices} (notice_id, recipient_uid, type)
          SELECT ${id}, w.uid, ${MessageType.SYS} FROM (${recipientSql(n)}) w
          ON CONFLICT DO NOTHING RETURNING recipient_uid)
        SELECT count(*)::int AS n, ${all ? sql`NULL::text[]` : sql`array_agg(recipient_uid)`} AS uids FROM ins`);
      const [r] = rowsOf<{ n: number; uids: string[] | null }>(res);
      messages += Number(r?.n ?? 0);
      if (all) forgetUnread('*');
      for (const uid of r?.uids ?? []) await publishUnread(tx, uid);
    }
    if (pending.length) {
      await tx
        .update(adminNotices)
        .set({ state: true })
        .where(
          inArray(
            adminNotices.id,
            pending.map((p) => Number(p.id)),
          ),
        );
    }
    return { notices: pending.length, messages };
  });
}

/**
 * "Push now" for an urgent notice (doc 3 "Notification", beside the hourly push): delivers notice `id` at once, as
 * the hourly job would. Returns { messages }: how many Sys messages it wrote. 404 "notice.notFound" for an unknown
 * id; 400 "notice.alreadyPushed" when it was delivered already (by the job or another push).
 */
export async function pushNoticeNow(ctx: AppContext, id: number): Promise<{ messages: number }> {
  const row = await loadNotice(ctx, id);
  if (row.state) throw badRequest('notice.alreadyPushed');
  const done = await deliverNotices(ctx, id);
  if (!done.notices) throw badRequest('notice.alreadyPushed');
  return { messages: done.messages };
}

/**
 * The seam for personal ("Mine") messages of other areas (doc 1 §2.8 MineMsg): writes a delivered notice with
 * `title` and markdown `content` to each of `uids` in `db` (the caller's transaction), from `adminUid` or the
 * system (null).
 */
export async function sendPersonalMessage(
  db: Db | Tx,
  m: { uids: string[]; title: string; content: string; adminUid?: string | null },
): Promise<void> {
  const uids = [...new Set(m.uids)];
  if (!uids.length) return;
  const [row] = await db
    .insert(adminNotices)
    .values({
      title: m.title,
      content: m.content,
      type: NoticeType.SINGLE,
      recipients: uids,
      state: true,
      personal: true,
      adminUid: m.adminUid ?? null,
    })
    .returning({ id: adminNotices.id });
  await db
    .insert(userNotices)
    .values(uids.map((uid) => ({ noticeId: row.id, recipientUid: uid, type: MessageType.MINE })))
    .onConflictDoNothing();
  for (const uid of uids) await publishUnread(db, uid);
}
