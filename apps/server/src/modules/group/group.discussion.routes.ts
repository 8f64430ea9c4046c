import {
  createDiscussionBody,
  didQuery,
  discussionListQuery,
  gidField,
  groupUpdateDiscussionBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { assertDiscussionAccess, needPoster } from '../discussion/discussion.rules.js';
import { createDiscussion, deleteDiscussion, listDiscussions } from '../discussion/discussion.service.js';
import { updateGroupDiscussion } from './group.discussion.js';

const groupListQuery = discussionListQuery.extend({ gid: gidField });

/**
 * Group discussions, HOJ's paths (doc 3 §2 "Group discussions", §6; docs/groups.md): the discussion service of the
 * community area with the group's scope. Every call needs the group-discussion switch and membership of the group
 * (assertDiscussionAccess); the detail, likes, reports and comments are the community routes, which apply the same
 * rule to a discussion carrying `gid`.
 */
const groupDiscussionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/group/get-discussion-list?gid&pid&keyword&currentPage&limit (members) -> Page<DiscussionVo>. */
  app.get(
    '/group/get-discussion-list',
    { onRequest: needLogin, schema: { querystring: groupListQuery } },
    async (req) => {
      const s = await assertDiscussionAccess(app.ctx, req.user, { gid: req.query.gid });
      const admin = !!s?.isGroupAdmin;
      return ok(
        await listDiscussions(app.ctx, req.user, req.query, { gid: req.query.gid, all: false, admin }),
      );
    },
  );

  /** GET /api/group/get-admin-discussion-list?gid&… (group admins) -> Page<DiscussionVo>, disabled ones too. */
  app.get(
    '/group/get-admin-discussion-list',
    { onRequest: needLogin, schema: { querystring: groupListQuery } },
    async (req) => {
      const s = await assertDiscussionAccess(app.ctx, req.user, { gid: req.query.gid });
      if (!s?.isGroupAdmin) throw forbidden('group.adminsOnly');
      return ok(
        await listDiscussions(app.ctx, req.user, req.query, { gid: req.query.gid, all: true, admin: true }),
      );
    },
  );

  /**
   * POST /api/group/discussion {gid, title, description, categoryId, content, pid?, topPriority?} (members who may
   * post) -> DiscussionVo; `topPriority` is honoured from the group's admins only (createDiscussion's canPin).
   */
  app.post(
    '/group/discussion',
    { onRequest: needPoster, schema: { body: createDiscussionBody } },
    async (req) => {
      if (req.body.gid == null) throw badRequest('validation.required', { field: 'gid' });
      return ok(await createDiscussion(app.ctx, requireUser(req), req.body), 'Post successfully');
    },
  );

  /**
   * PUT /api/group/discussion {id, title?, description?, categoryId?, content?, status?, topPriority?} ->
   * DiscussionVo: the author edits the text, the group's admins set status (0 normal, 1 disabled) and the pin
   * (rules and answers: updateGroupDiscussion).
   */
  app.put(
    '/group/discussion',
    { onRequest: needLogin, schema: { body: groupUpdateDiscussionBody } },
    async (req) =>
      ok(await updateGroupDiscussion(app.ctx, requireUser(req), req.body), 'Update successfully'),
  );

  /** DELETE /api/group/discussion?did= (its author or an admin of its group, super admins included) -> null. */
  app.delete(
    '/group/discussion',
    { onRequest: needLogin, schema: { querystring: didQuery } },
    async (req) => {
      await deleteDiscussion(app.ctx, requireUser(req), req.query.did);
      return ok(null, 'Delete successfully');
    },
  );
};

export default groupDiscussionRoutes;
