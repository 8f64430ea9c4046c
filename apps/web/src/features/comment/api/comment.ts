import { LIMITS } from '@oj/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { discussionKeys } from '../../discussion/api/keys.js';
import { commentKeys } from './keys.js';
import type { CommentItem, CommentPage, CommentSource, ReplyItem } from './types.js';

/** GET /api/comments (doc 1 §7): page `currentPage` of the source's comments, 10 a page. */
export const getComments = (source: CommentSource, currentPage: number) =>
  apiGet<CommentPage>('/comments', { ...source, currentPage, limit: LIMITS.commentsPerPage });

/** Pages of comments for Load More: the next page while fewer than `total` are loaded. */
export const commentsQuery = (source: CommentSource) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(source),
    queryFn: ({ pageParam }) => getComments(source, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.commentList.records.length, 0);
      return loaded < last.commentList.total && last.commentList.records.length > 0
        ? all.length + 1
        : undefined;
    },
  });
export const useComments = (source: CommentSource) => useInfiniteQuery(commentsQuery(source));

/** GET /api/reply?commentId&cid: every reply of a comment (the expanded list). */
export const getReplies = (commentId: number, cid?: number) =>
  apiGet<ReplyItem[]>('/reply', { commentId, cid });
export const useReplies = (commentId: number, cid: number | undefined, enabled: boolean) =>
  useQuery({ queryKey: commentKeys.replies(commentId), queryFn: () => getReplies(commentId, cid), enabled });

/** After a change: the source's comments (and a discussion's comment count) and the comment's replies. */
const refresh = (source: CommentSource, commentId?: number) => {
  void queryClient.invalidateQueries({ queryKey: commentKeys.list(source) });
  if (commentId) void queryClient.invalidateQueries({ queryKey: commentKeys.replies(commentId) });
  if (source.did) void queryClient.invalidateQueries({ queryKey: discussionKeys.detail(source.did) });
};

/** POST /api/comment {content, did | cid}: answers the new comment. */
export const addComment = (v: { source: CommentSource; content: string }) =>
  apiPost<CommentItem>('/comment', { content: v.content, ...v.source });
export const useAddComment = () =>
  useMutation({ mutationFn: addComment, onSuccess: (_r, v) => refresh(v.source) });

/** DELETE /api/comment with body {id, fromUid, did, cid} (own, or others' for the admins of doc 1 §6). */
export const deleteComment = (v: { source: CommentSource; comment: CommentItem }) =>
  apiDelete<null>('/comment', undefined, undefined, {
    id: v.comment.id,
    fromUid: v.comment.fromUid,
    ...v.source,
  });
export const useDeleteComment = () =>
  useMutation({ mutationFn: deleteComment, onSuccess: (_r, v) => refresh(v.source, v.comment.id) });

/**
 * GET /api/comment-like?cid (the comment's id)&toLike=true&sourceId&sourceType (Discussion or Contest): likes a
 * comment once; there is no unlike in the comments UI (doc 1 §4).
 */
export const likeComment = (v: { source: CommentSource; commentId: number }) =>
  apiGet<null>('/comment-like', {
    cid: v.commentId,
    toLike: true,
    sourceId: v.source.did ?? v.source.cid,
    sourceType: v.source.did ? 'Discussion' : 'Contest',
  });
export const useLikeComment = () =>
  useMutation({ mutationFn: likeComment, onSuccess: (_r, v) => refresh(v.source) });

/** What a reply answers: the comment itself, or one of its replies (quoted). */
export type ReplyTarget =
  | { type: 'Comment'; comment: CommentItem }
  | { type: 'Reply'; comment: CommentItem; reply: ReplyItem };

/**
 * POST /api/reply {reply: {commentId, content}, did, quoteId, quoteType}: the server addresses the reply to the
 * author of the quoted reply or of the comment (a contest comment's reply needs no `cid`: the comment tells).
 */
export const addReply = (v: { source: CommentSource; target: ReplyTarget; content: string }) =>
  apiPost<ReplyItem>('/reply', {
    reply: { commentId: v.target.comment.id, content: v.content },
    did: v.source.did,
    quoteId: v.target.type === 'Reply' ? v.target.reply.id : v.target.comment.id,
    quoteType: v.target.type,
  });
export const useAddReply = () =>
  useMutation({ mutationFn: addReply, onSuccess: (_r, v) => refresh(v.source, v.target.comment.id) });

/** DELETE /api/reply with body {reply: {id}, did} (own, or others' for the admins of doc 1 §6). */
export const deleteReply = (v: { source: CommentSource; reply: ReplyItem }) =>
  apiDelete<null>('/reply', undefined, undefined, { reply: { id: v.reply.id }, did: v.source.did });
export const useDeleteReply = () =>
  useMutation({ mutationFn: deleteReply, onSuccess: (_r, v) => refresh(v.source, v.reply.commentId) });
