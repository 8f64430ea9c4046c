import {
  addCommentBody,
  addReplyBody,
  commentLikeQuery,
  commentListQuery,
  deleteCommentBody,
  deleteReplyBody,
  replyListQuery,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { needCommenter } from '../discussion/discussion.rules.js';
import { addReply, deleteReply, listReplies } from './comment.reply.js';
import { addComment, deleteComment, likeComment, listComments } from './comment.service.js';

/**
 * The comment section (issue 12; doc 1 §2.7, §7) of discussions (`did`) and contests (`cid`). Rules and shapes:
 * docs/community.md.
 */
const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/comments?did|cid&currentPage&limit=10 -> CommentListVo (discussions: anyone; contests: access rule). */
  app.get('/comments', { schema: { querystring: commentListQuery } }, async (req) =>
    ok(await listComments(app.ctx, req.user, req.query)),
  );

  /** POST /api/comment {content, did | cid} -> CommentVo (login, not muted). */
  app.post('/comment', { onRequest: needCommenter, schema: { body: addCommentBody } }, async (req) =>
    ok(await addComment(app.ctx, requireUser(req), req.body), 'Posted successfully'),
  );

  /** DELETE /api/comment {id, …} -> null (the author; admin roles on discussions; contest admins in contests). */
  app.delete('/comment', { onRequest: needLogin, schema: { body: deleteCommentBody } }, async (req) => {
    await deleteComment(app.ctx, requireUser(req), req.body.id);
    return ok(null, 'Deleted successfully');
  });

  /** GET /api/comment-like?cid=<comment id>&toLike=true -> null (once; no unlike; the like gap). */
  app.get(
    '/comment-like',
    { onRequest: needLogin, schema: { querystring: commentLikeQuery } },
    async (req) => {
      await likeComment(app.ctx, requireUser(req), req.query.cid, req.query.toLike);
      return ok(null, 'Liked successfully');
    },
  );

  /** GET /api/reply?commentId&cid? -> ReplyVo[] newest first (as GET /api/comments). */
  app.get('/reply', { schema: { querystring: replyListQuery } }, async (req) =>
    ok(await listReplies(app.ctx, req.user, req.query.commentId)),
  );

  /** POST /api/reply {reply: {commentId, content}, did?, quoteId?, quoteType?} -> ReplyVo (login, not muted). */
  app.post('/reply', { onRequest: needCommenter, schema: { body: addReplyBody } }, async (req) =>
    ok(await addReply(app.ctx, requireUser(req), req.body), 'Replied successfully'),
  );

  /** DELETE /api/reply {reply: {id}, did?} -> null (the author; admin roles on discussions; contest admins). */
  app.delete('/reply', { onRequest: needLogin, schema: { body: deleteReplyBody } }, async (req) => {
    await deleteReply(app.ctx, requireUser(req), req.body.reply.id);
    return ok(null, 'Deleted successfully');
  });
};

export default commentRoutes;
