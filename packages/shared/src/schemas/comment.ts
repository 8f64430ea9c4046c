import { z } from 'zod';
import { LIMITS } from '../constants/limits.js';
import { pageQuery } from './common.js';
import type { AuthorRole } from './discussion.js';

/**
 * Comment section vocabulary (issue 12; doc 1 §2.7, §3 "Comment", "Reply", §5, §7): comments on a discussion
 * (`did`) or a contest (`cid`) and their replies. Routes and rules: docs/community.md.
 */

export const COMMENT_LIMITS = {
  contentMax: LIMITS.commentMax,
  pageSize: LIMITS.commentsPerPage,
  repliesShown: LIMITS.repliesCollapsed,
} as const;

export const CommentSourceType = { DISCUSSION: 'Discussion', CONTEST: 'Contest' } as const;
export const QuoteType = { COMMENT: 'Comment', REPLY: 'Reply' } as const;

const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is out of range`);
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) => z.preprocess(emptyToUndefined, idField(name).optional());

/** Comment or reply text: trimmed not empty ("content cannot be empty"), at most 10000 characters (doc 1 §5). */
export const commentContentField = z
  .string({ error: 'comment.empty' })
  .max(COMMENT_LIMITS.contentMax, 'comment.tooLong')
  .refine((s) => s.trim().length > 0, 'comment.empty');

/** GET /api/comments query: exactly one of `did` and `cid` (checked by the server). */
export const commentListQuery = pageQuery.extend({
  did: optionalId('did'),
  cid: optionalId('cid'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .catch(COMMENT_LIMITS.pageSize)
    .default(COMMENT_LIMITS.pageSize),
});
export type CommentListQuery = z.infer<typeof commentListQuery>;

/** POST /api/comment body. */
export const addCommentBody = z.object({
  content: commentContentField,
  did: optionalId('did'),
  cid: optionalId('cid'),
});
export type AddCommentBody = z.infer<typeof addCommentBody>;

/** DELETE /api/comment body (doc 1 §7: id, fromUid, did, cid; only `id` is read). */
export const deleteCommentBody = z.object({
  id: idField('id'),
  fromUid: z.string().max(64).optional(),
  did: optionalId('did'),
  cid: optionalId('cid'),
});

/** GET /api/comment-like query. `cid` is the comment's id (HOJ's name); sourceId / sourceType are not trusted. */
export const commentLikeQuery = z.object({
  cid: idField('cid'),
  toLike: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === undefined || v === true || v === 'true' || v === '1'),
  sourceId: z.string().max(30).optional(),
  sourceType: z.string().max(30).optional(),
});

/** GET /api/reply query. */
export const replyListQuery = z.object({ commentId: idField('commentId'), cid: optionalId('cid') });

/** POST /api/reply body (doc 1 §7: reply, did, quoteId, quoteType). The addressee is worked out by the server. */
export const addReplyBody = z.object({
  reply: z.object({
    commentId: idField('reply.commentId'),
    content: commentContentField,
    toUid: z.string().max(64).nullish(),
    toName: z.string().max(100).nullish(),
    toAvatar: z.string().max(1000).nullish(),
  }),
  did: optionalId('did'),
  quoteId: optionalId('quoteId'),
  quoteType: z.preprocess(
    emptyToUndefined,
    z.enum([QuoteType.COMMENT, QuoteType.REPLY], { error: 'quoteType must be Comment or Reply' }).optional(),
  ),
});
export type AddReplyBody = z.infer<typeof addReplyBody>;

/** DELETE /api/reply body. */
export const deleteReplyBody = z.object({
  reply: z.object({ id: idField('reply.id') }),
  did: optionalId('did'),
});

/** A reply (doc 1 §3 "Reply"). */
export interface ReplyVo {
  id: number;
  commentId: number;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRole: AuthorRole;
  fromTitleName: string | null;
  fromTitleColor: string | null;
  toUid: string | null;
  toName: string | null;
  toAvatar: string | null;
  gmtCreate: string;
}

/** A comment (doc 1 §3 "Comment") with its newest visible replies. */
export interface CommentVo {
  id: number;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string | null;
  fromRole: AuthorRole;
  fromTitleName: string | null;
  fromTitleColor: string | null;
  likeNum: number;
  totalReplyNum: number;
  gmtCreate: string;
  replyList: ReplyVo[];
}

/** GET /api/comments answer: the page and the caller's likes among its comments (id -> true). */
export interface CommentListVo {
  commentList: { records: CommentVo[]; total: number; current: number; size: number };
  commentLikeMap: Record<number, boolean>;
}
