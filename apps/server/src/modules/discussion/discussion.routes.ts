import {
  adminDeleteDiscussionBody,
  adminUpdateDiscussionBody,
  adminUpdateReportBody,
  createDiscussionBody,
  didQuery,
  discussionCategoryListBody,
  discussionLikeQuery,
  discussionListQuery,
  discussionReportBody,
  discussionReportPageQuery,
  updateDiscussionBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, needLogin, needRoot, requireUser } from '../../plugins/auth.js';
import {
  adminDeleteDiscussions,
  adminListReports,
  adminUpdateDiscussion,
  adminUpdateReport,
  backOfficeReach,
} from './discussion.admin.js';
import { listCategories, saveCategories } from './discussion.category.js';
import { likeDiscussion, reportDiscussion } from './discussion.interact.js';
import { needPoster } from './discussion.rules.js';
import {
  createDiscussion,
  deleteDiscussion,
  discussionDetail,
  listDiscussions,
  updateDiscussion,
} from './discussion.service.js';

/**
 * Discussions (issue 12; doc 2 §2.12, §7) and their back office (doc 3 Discussion admin and reports; HOJ's paths).
 * Rules and shapes: docs/community.md.
 */
const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/discussion-category -> DiscussionCategory[] by id (anyone). */
  app.get('/discussion-category', async () => ok(await listCategories(app.ctx)));

  /** POST /api/discussion-category [{id?, name}] -> the new DiscussionCategory[] (super admin). */
  app.post(
    '/discussion-category',
    { onRequest: needRoot, schema: { body: discussionCategoryListBody } },
    async (req) => ok(await saveCategories(app.ctx, req.body), 'Updated successfully'),
  );

  /** GET /api/get-discussion-list?keyword&cid&pid&onlyMine&admin&currentPage&limit=10 -> Page<DiscussionVo>. */
  app.get('/get-discussion-list', { schema: { querystring: discussionListQuery } }, async (req) =>
    ok(await listDiscussions(app.ctx, req.user, req.query)),
  );

  /** GET /api/get-discussion-detail?did -> DiscussionVo (counts the view once per viewer per hour). */
  app.get('/get-discussion-detail', { schema: { querystring: didQuery } }, async (req) =>
    ok(await discussionDetail(app.ctx, req.user, req.query.did, req.ip)),
  );

  /** POST /api/discussion {title, description, content, categoryId, pid?, topPriority?} -> DiscussionVo. */
  app.post('/discussion', { onRequest: needPoster, schema: { body: createDiscussionBody } }, async (req) =>
    ok(await createDiscussion(app.ctx, requireUser(req), req.body), 'Posted successfully'),
  );

  /** PUT /api/discussion {id, title, description, content, categoryId, topPriority?} -> DiscussionVo (author). */
  app.put('/discussion', { onRequest: needLogin, schema: { body: updateDiscussionBody } }, async (req) =>
    ok(await updateDiscussion(app.ctx, requireUser(req), req.body), 'Updated successfully'),
  );

  /** DELETE /api/discussion?did -> null (author or admin roles). */
  app.delete('/discussion', { onRequest: needLogin, schema: { querystring: didQuery } }, async (req) => {
    await deleteDiscussion(app.ctx, requireUser(req), req.query.did);
    return ok(null, 'Deleted successfully');
  });

  /** GET /api/discussion-like?did&toLike=true -> null (once; cannot be undone; the like gap). */
  app.get(
    '/discussion-like',
    { onRequest: needLogin, schema: { querystring: discussionLikeQuery } },
    async (req) => {
      await likeDiscussion(app.ctx, requireUser(req), req.query.did, req.query.toLike);
      return ok(null, 'Liked successfully');
    },
  );

  /** POST /api/discussion-report {did, content, reporter?} -> null (login). */
  app.post(
    '/discussion-report',
    { onRequest: needLogin, schema: { body: discussionReportBody } },
    async (req) => {
      await reportDiscussion(app.ctx, requireUser(req), req.body.did, req.body.content);
      return ok(null, 'Reported successfully');
    },
  );

  /** PUT /api/admin/discussion {id, topPriority?, status?} -> null (admin roles; groups' for super admins). */
  app.put(
    '/admin/discussion',
    { onRequest: needAdmin, schema: { body: adminUpdateDiscussionBody } },
    async (req) => {
      await adminUpdateDiscussion(app.ctx, req.body, backOfficeReach(requireUser(req)));
      return ok(null, 'Updated successfully');
    },
  );

  /** DELETE /api/admin/discussion [ids] -> null (admin roles; groups' for super admins). */
  app.delete(
    '/admin/discussion',
    { onRequest: needAdmin, schema: { body: adminDeleteDiscussionBody } },
    async (req) => {
      await adminDeleteDiscussions(app.ctx, req.body, backOfficeReach(requireUser(req)));
      return ok(null, 'Deleted successfully');
    },
  );

  /**
   * GET /api/admin/discussion-report?currentPage&limit=10 -> Page<DiscussionReportVo> (admin roles: site
   * discussions' reports; super admins every one).
   */
  app.get(
    '/admin/discussion-report',
    { onRequest: needAdmin, schema: { querystring: discussionReportPageQuery } },
    async (req) => ok(await adminListReports(app.ctx, req.query, backOfficeReach(requireUser(req)))),
  );

  /** PUT /api/admin/discussion-report {id, status} -> null (admin roles; groups' for super admins). */
  app.put(
    '/admin/discussion-report',
    { onRequest: needAdmin, schema: { body: adminUpdateReportBody } },
    async (req) => {
      await adminUpdateReport(app.ctx, req.body, backOfficeReach(requireUser(req)));
      return ok(null, 'Updated successfully');
    },
  );
};

export default discussionRoutes;
