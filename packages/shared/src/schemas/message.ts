import { z } from 'zod';
import { MessageType } from '../constants/enums.js';
import { LIMITS } from '../constants/limits.js';
import { pageQuery } from './common.js';

/**
 * Message centre and notices (issue 12; doc 1 §2.8, §3 "Unread messages", "Message", §7; doc 3 "Notification").
 * Routes and rules: docs/community.md.
 */

/** What happened, as stored on a user message. `Like_Post` a discussion like, `Like_Discuss` a comment like. */
export const MessageAction = {
  DISCUSS: 'Discuss',
  REPLY: 'Reply',
  LIKE_POST: 'Like_Post',
  LIKE_DISCUSS: 'Like_Discuss',
} as const;
export type MessageActionName = (typeof MessageAction)[keyof typeof MessageAction];

/** Who receives an admin notice (doc 3 "Notice: recipient"): all users, named users, the admin roles. */
export const NoticeType = { ALL: 'All', SINGLE: 'Single', ADMIN: 'Admin' } as const;
export type NoticeTypeName = (typeof NoticeType)[keyof typeof NoticeType];

export const MESSAGE_LIMITS = {
  noticeTitleMax: 255,
  noticeContentMax: 65_535,
  recipientsMax: 1000,
  /** A comment or reply is kept on its message up to this many characters, then '...'. */
  sourceContentMax: 200,
  /** The quoted comment or reply shown on a reply message, in characters, then '...'. */
  quoteContentMax: 100,
  pageSize: LIMITS.messagePageSize,
  sysPageSize: LIMITS.sysMessagePageSize,
  noticePageSize: 10,
} as const;

const pageOf = (size: number) =>
  pageQuery.extend({ limit: z.coerce.number().int().min(1).max(100).catch(size).default(size) });

/** GET /api/msg/comment|reply|like query (6 a page). */
export const userMessagePageQuery = pageOf(MESSAGE_LIMITS.pageSize);
/** GET /api/msg/sys|mine query (8 a page). */
export const sysMessagePageQuery = pageOf(MESSAGE_LIMITS.sysPageSize);

const messageTypes = [
  MessageType.DISCUSS,
  MessageType.REPLY,
  MessageType.LIKE,
  MessageType.SYS,
  MessageType.MINE,
] as const;

/** DELETE /api/msg/clean query: one message by `id`, or all of `type`. */
export const cleanMessageQuery = z.object({
  type: z.enum(messageTypes, { error: 'type must be one of Discuss, Reply, Like, Sys, Mine' }),
  id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  ),
});

const noticeTypeField = z.enum([NoticeType.ALL, NoticeType.SINGLE, NoticeType.ADMIN], {
  error: 'type must be All, Single or Admin',
});

/** GET /api/admin/msg/notice query. */
export const noticePageQuery = pageOf(MESSAGE_LIMITS.noticePageSize).extend({
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), noticeTypeField.optional()),
});

/** POST /api/admin/msg/notice body; `recipients` are usernames, needed for `Single`. */
export const noticeBody = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(MESSAGE_LIMITS.noticeTitleMax),
  content: z
    .string({ error: 'content is required' })
    .max(MESSAGE_LIMITS.noticeContentMax)
    .refine((s) => s.trim().length > 0, 'content is required'),
  type: noticeTypeField.default(NoticeType.ALL),
  recipients: z.array(z.string().trim().min(1).max(100)).max(MESSAGE_LIMITS.recipientsMax).default([]),
});
export type NoticeBody = z.infer<typeof noticeBody>;

/** PUT /api/admin/msg/notice body. */
export const updateNoticeBody = noticeBody.extend({
  id: z.coerce.number({ error: 'id is required' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type UpdateNoticeBody = z.infer<typeof updateNoticeBody>;

/** POST /api/admin/msg/notice/push {id}: deliver an undelivered notice now instead of at the hourly push. */
export const pushNoticeBody = z.object({
  id: z.coerce.number({ error: 'id is required' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** GET /api/msg/unread answer (doc 1 §3 "Unread messages"). */
export interface UnreadMessageCount {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

/** A comment, reply or like message (doc 1 §3 "Message"). */
export interface UserMsgVo {
  id: number;
  action: MessageActionName;
  sourceId: number;
  sourceType: 'Discussion' | 'Contest';
  /** The discussion's or contest's title; null when it is gone. */
  sourceTitle: string | null;
  sourceContent: string | null;
  quoteId: number | null;
  quoteType: 'Comment' | 'Reply' | null;
  /** "name : text" of the comment or reply answered; null when gone or not a reply. */
  quoteContent: string | null;
  url: string;
  /** Read. */
  state: boolean;
  senderId: string | null;
  senderUsername: string | null;
  senderAvatar: string | null;
  gmtCreate: string;
}

/** A system or personal message (doc 1 §3: title and markdown content). */
export interface SysMsgVo {
  id: number;
  title: string;
  content: string;
  type: 'Sys' | 'Mine';
  state: boolean;
  adminId: string | null;
  adminUsername: string | null;
  gmtCreate: string;
}

/** A notice in the back office. */
export interface AdminNoticeVo {
  id: number;
  title: string;
  content: string;
  type: NoticeTypeName;
  /** Usernames of a `Single` notice. */
  recipients: string[];
  /** Delivered. */
  state: boolean;
  adminUsername: string | null;
  gmtCreate: string;
  gmtModified: string;
}
