import {
  CommentSourceType,
  MESSAGE_LIMITS,
  MessageAction,
  type MessageActionName,
  MessageType,
  type Page,
  type SysMsgVo,
  type UnreadMessageCount,
  type UserMsgVo,
} from '@oj/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { adminNotices, userMessages, userNotices, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { Tx } from '../problem/problem.store.js';
import { publishUnread } from './message.publish.js';
import { forgetUnread } from './message.unread.js';

/**
 * The message centre (issue 12; doc 1 §2.8, §3 "Message", §7): comment, reply and like messages (`user_messages`)
 * and system / personal messages (`user_notices`, delivered admin notices). Messages are made by the discussion
 * and comment areas through `remind`; loading a list marks that list read.
 */

type Kind = typeof MessageType.DISCUSS | typeof MessageType.REPLY | typeof MessageType.LIKE;

/** A message to write: what happened (`action`), to whom, by whom, where. */
export interface NewMessage {
  recipientUid: string | null;
  senderUid: string;
  action: MessageActionName;
  sourceId: number;
  sourceType: 'Discussion' | 'Contest';
  sourceContent?: string | null;
  quoteId?: number | null;
  quoteType?: 'Comment' | 'Reply' | null;
  /** The group of a group discussion (its page lives under the group). */
  gid?: number | null;
}

/** The page of the web app a message links to (a group discussion's under its group). */
export function messageUrl(sourceType: string, sourceId: number, gid?: number | null): string {
  if (sourceType === CommentSourceType.CONTEST) return `/contest/${sourceId}/comment`;
  return gid != null ? `/group/${gid}/discussion-detail/${sourceId}` : `/discussion-detail/${sourceId}`;
}

/** `text` cut to `max` characters with '...' after a cut. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

const kindOf = (action: MessageActionName): Kind =>
  action === MessageAction.LIKE_POST || action === MessageAction.LIKE_DISCUSS ? MessageType.LIKE : action;

/**
 * Writes message `m` in `db` (the caller's transaction) unless it is about the recipient's own action or has no
 * recipient (doc 1 §2.8: never for your own actions); then signals the recipient's unread badge. Returns whether
 * a message was written.
 */
export async function remind(db: Db | Tx, m: NewMessage): Promise<boolean> {
  if (!m.recipientUid || m.recipientUid === m.senderUid) return false;
  await db.insert(userMessages).values({
    recipientUid: m.recipientUid,
    senderUid: m.senderUid,
    kind: kindOf(m.action),
    action: m.action,
    sourceId: m.sourceId,
    sourceType: m.sourceType,
    sourceContent: m.sourceContent == null ? null : clip(m.sourceContent, MESSAGE_LIMITS.sourceContentMax),
    quoteId: m.quoteId ?? null,
    quoteType: m.quoteType ?? null,
    url: messageUrl(m.sourceType, m.sourceId, m.gid),
  });
  await publishUnread(db, m.recipientUid);
  return true;
}

/**
 * GET /api/msg/unread -> {comment, reply, like, sys, mine}: the caller's unread counts, one statement over the two
 * partial "unread" indexes (polled by every open tab every 120 s).
 */
export async function unreadCounts(ctx: AppContext, uid: string): Promise<UnreadMessageCount> {
  const res = await ctx.db.execute(sql`
    SELECT kind AS k, count(*)::int AS n FROM ${userMessages}
      WHERE recipient_uid = ${uid} AND NOT state GROUP BY kind
    UNION ALL
    SELECT type, count(*)::int FROM ${userNotices}
      WHERE recipient_uid = ${uid} AND NOT state GROUP BY type`);
  const by = new Map(rowsOf<{ k: string; n: number }>(res).map((r) => [r.k, Number(r.n)]));
  return {
    comment: by.get(MessageType.DISCUSS) ?? 0,
    reply: by.get(MessageType.REPLY) ?? 0,
    like: by.get(MessageType.LIKE) ?? 0,
    sys: by.get(MessageType.SYS) ?? 0,
    mine: by.get(MessageType.MINE) ?? 0,
  };
}

const sender = alias(users, 'sender');

/**
 * GET /api/msg/comment|reply|like -> Page<UserMsgVo> of the caller's `kind` messages, newest first, each with the
 * title of its discussion or contest and, for replies, the text answered ("name : text"); null where it is gone.
 * Then marks every unread message of the kind read (the records keep the state they had), telling the user's other
 * tabs when there was any (unreadChanged).
 */
export async function listUserMessages(
  ctx: AppContext,
  uid: string,
  kind: Kind,
  q: { currentPage: number; limit: number },
): Promise<Page<UserMsgVo>> {
  const where = and(eq(userMessages.recipientUid, uid), eq(userMessages.kind, kind));
  const [{ n }] = await ctx.db.select({ n: count() }).from(userMessages).where(where);
  const rows = await ctx.db
    .select({
      id: userMessages.id,
      action: userMessages.action,
      sourceId: userMessages.sourceId,
      sourceType: userMessages.sourceType,
      sourceContent: userMessages.sourceContent,
      quoteId: userMessages.quoteId,
      quoteType: userMessages.quoteType,
      url: userMessages.url,
      state: userMessages.state,
      senderId: userMessages.senderUid,
      senderUsername: sender.username,
      senderAvatar: sender.avatar,
      gmtCreate: userMessages.gmtCreate,
      sourceTitle: sql<string | null>`CASE WHEN ${userMessages.sourceType} = ${CommentSourceType.CONTEST}
        THEN (SELECT c.title FROM contests c WHERE c.id = ${userMessages.sourceId})
        ELSE (SELECT d.title FROM discussions d WHERE d.id = ${userMessages.sourceId}) END`,
      quoteContent: sql<string | null>`CASE ${userMessages.quoteType}
        WHEN 'Comment' THEN (SELECT u.username || ' : ' || left(c.content, ${MESSAGE_LIMITS.quoteContentMax})
            || CASE WHEN length(c.content) > ${MESSAGE_LIMITS.quoteContentMax} THEN '...' ELSE '' END
          FROM comments c JOIN users u ON u.uid = c.from_uid WHERE c.id = ${userMessages.quoteId})
        WHEN 'Reply' THEN (SELECT u.username || ' : ' || left(r.content, ${MESSAGE_LIMITS.quoteContentMax})
            || CASE WHEN length(r.content) > ${MESSAGE_LIMITS.quoteContentMax} THEN '...' ELSE '' END
          FROM replies r JOIN users u ON u.uid = r.from_uid WHERE r.id = ${userMessages.quoteId})
        END`,
    })
    .from(userMessages)
    .leftJoin(sender, eq(sender.uid, userMessages.senderUid))
    .where(where)
    .orderBy(desc(userMessages.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  const read = await ctx.db
    .update(userMessages)
    .set({ state: true })
    .where(and(where, eq(userMessages.state, false)))
    .returning({ id: userMessages.id });
  await unreadChanged(ctx, uid, read.length > 0);
  return {
    records: rows.map((r) => ({
      ...r,
      action: r.action as MessageActionName,
      sourceType: r.sourceType as UserMsgVo['sourceType'],
      quoteType: (r.quoteType as UserMsgVo['quoteType']) ?? null,
      gmtCreate: r.gmtCreate.toISOString(),
    })),
    total: n,
    current: q.currentPage,
    size: q.limit,
  };
}

const noticeAdmin = alias(users, 'notice_admin');

/**
 * GET /api/msg/sys|mine -> Page<SysMsgVo> of the caller's delivered notices of `type`, newest first (title and
 * content read from the notice, so an edited notice shows its new text); then marks them all read (telling the
 * user's other tabs when any was unread).
 */
export async function listSysMessages(
  ctx: AppContext,
  uid: string,
  type: typeof MessageType.SYS | typeof MessageType.MINE,
  q: { currentPage: number; limit: number },
): Promise<Page<SysMsgVo>> {
  const where = and(eq(userNotices.recipientUid, uid), eq(userNotices.type, type));
  const [{ n }] = await ctx.db.select({ n: count() }).from(userNotices).where(where);
  const rows = await ctx.db
    .select({
      id: userNotices.id,
      title: adminNotices.title,
      content: adminNotices.content,
      state: userNotices.state,
      adminId: adminNotices.adminUid,
      adminUsername: noticeAdmin.username,
      gmtCreate: userNotices.gmtCreate,
    })
    .from(userNotices)
    .innerJoin(adminNotices, eq(adminNotices.id, userNotices.noticeId))
    .leftJoin(noticeAdmin, eq(noticeAdmin.uid, adminNotices.adminUid))
    .where(where)
    .orderBy(desc(userNotices.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  const read = await ctx.db
    .update(userNotices)
    .set({ state: true })
    .where(and(where, eq(userNotices.state, false)))
    .returning({ id: userNotices.id });
  await unreadChanged(ctx, uid, read.length > 0);
  return {
    records: rows.map((r) => ({ ...r, type, gmtCreate: r.gmtCreate.toISOString() })),
    total: n,
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * After the caller's messages were marked read or deleted: when `changed` (some of them were unread) their unread
 * counts moved, so the user's other open tabs hear it (`unread-messages`, publishUnread) and refetch their badge;
 * otherwise nothing is sent (reading an already-read list is silent). The kept counts are dropped either way.
 */
async function unreadChanged(ctx: AppContext, uid: string, changed: boolean): Promise<void> {
  if (changed) await publishUnread(ctx.db, uid);
  else forgetUnread(uid);
}

/**
 * DELETE /api/msg/clean?type&id -> null: with `id` deletes that message of the caller (404 "The message does not
 * exist" when it is not theirs or not of `type`), without deletes all of the caller's messages of `type`. Deleting
 * an unread one tells the user's other tabs (unreadChanged).
 */
export async function cleanMessages(
  ctx: AppContext,
  uid: string,
  type: (typeof MessageType)[keyof typeof MessageType],
  id?: number,
): Promise<void> {
  if (type === MessageType.SYS || type === MessageType.MINE) {
    const where = and(eq(userNotices.recipientUid, uid), eq(userNotices.type, type));
    const gone = await ctx.db
      .delete(userNotices)
      .where(id ? and(where, eq(userNotices.id, id)) : where)
      .returning({ id: userNotices.id, state: userNotices.state });
    await unreadChanged(
      ctx,
      uid,
      gone.some((g) => !g.state),
    );
    if (id && !gone.length) throw notFound('message.notFound');
    return;
  }
  const where = and(eq(userMessages.recipientUid, uid), eq(userMessages.kind, type));
  const gone = await ctx.db
    .delete(userMessages)
    .where(id ? and(where, eq(userMessages.id, id)) : where)
    .returning({ id: userMessages.id, state: userMessages.state });
  await unreadChanged(
    ctx,
    uid,
    gone.some((g) => !g.state),
  );
  if (id && !gone.length) throw notFound('message.notFound');
}
