import {
  adminClarificationQuery,
  answerClarificationBody,
  cidQuery,
  clarificationIdQuery,
  clarificationPageQuery,
  postClarificationBody,
  readClarificationBody,
  submitClarificationBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { needLogin, requireUser } from '../../../plugins/auth.js';
import {
  adminListClarifications,
  answerClarification,
  deleteClarification,
  postClarification,
} from './clarification.admin.js';
import {
  askClarification,
  listClarifications,
  markClarificationsRead,
  registerClarificationReads,
  unreadClarifications,
} from './clarification.service.js';

/**
 * Contest clarifications (issue 10 §3; docs/contests.md "Clarifications"). Participant calls need login and the
 * contest access rule; back-office calls need login and then the contest-admin rule (`loadAdministeredContest`:
 * the creator, a super admin, or for a group's contest its roots, whatever their site role).
 */
const clarificationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerClarificationReads(app.ctx.events);

  /** POST /api/submit-contest-clarification {cid, displayId?, content} -> { id } (participants, while running). */
  app.post(
    '/submit-contest-clarification',
    { onRequest: needLogin, schema: { body: submitClarificationBody } },
    async (req) => ok(await askClarification(app.ctx, req.user, req.body)),
  );

  /** GET /api/get-contest-clarification?cid&currentPage&limit -> Page<ContestClarificationVo> (own + public). */
  app.get(
    '/get-contest-clarification',
    { onRequest: needLogin, schema: { querystring: clarificationPageQuery } },
    async (req) => ok(await listClarifications(app.ctx, req.user, req.query)),
  );

  /** GET /api/get-contest-not-read-clarification?cid -> ContestClarificationUnreadVo (count, ids, records, unanswered). */
  app.get(
    '/get-contest-not-read-clarification',
    { onRequest: needLogin, schema: { querystring: cidQuery } },
    async (req) => ok(await unreadClarifications(app.ctx, req.user, req.query.cid)),
  );

  /** PUT /api/read-contest-clarification {cid, ids?} -> { count } newly marked read (all seen answers without ids). */
  app.put(
    '/read-contest-clarification',
    { onRequest: needLogin, schema: { body: readClarificationBody } },
    async (req) => ok(await markClarificationsRead(app.ctx, req.user, req.body.cid, req.body.ids)),
  );

  /** GET /api/admin/contest/clarification?cid&currentPage&limit&onlyUnanswered -> Page (contest admin; queue order). */
  app.get(
    '/admin/contest/clarification',
    { onRequest: needLogin, schema: { querystring: adminClarificationQuery } },
    async (req) => ok(await adminListClarifications(app.ctx, requireUser(req), req.query)),
  );

  /** POST /api/admin/contest/clarification {cid, displayId?, answer, announce?, announceTitle?} -> { id, announcementId }. */
  app.post(
    '/admin/contest/clarification',
    { onRequest: needLogin, schema: { body: postClarificationBody } },
    async (req) => ok(await postClarification(app.ctx, requireUser(req), req.body)),
  );

  /** PUT /api/admin/contest/clarification {id, cid, answer, public, question?, announce?, announceTitle?} -> { announcementId }. */
  app.put(
    '/admin/contest/clarification',
    { onRequest: needLogin, schema: { body: answerClarificationBody } },
    async (req) => ok(await answerClarification(app.ctx, requireUser(req), req.body)),
  );

  /** DELETE /api/admin/contest/clarification?id= -> null (contest admin of its contest). */
  app.delete(
    '/admin/contest/clarification',
    { onRequest: needLogin, schema: { querystring: clarificationIdQuery } },
    async (req) => {
      await deleteClarification(app.ctx, requireUser(req), req.query.id);
      return ok(null);
    },
  );
};

export default clarificationRoutes;
