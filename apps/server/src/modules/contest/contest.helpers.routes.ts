import {
  contestAnnouncementBody,
  contestAnnouncementIdQuery,
  contestPageQuery,
  notReadAnnouncementBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, needLogin, requireUser } from '../../plugins/auth.js';
import {
  adminCreateAnnouncement,
  adminDeleteAnnouncement,
  adminListAnnouncements,
  adminUpdateAnnouncement,
  listAnnouncements,
  notReadAnnouncements,
} from './contest.announcement.js';

/**
 * The contest helpers (issue 10 §1; doc 2 §3, §7): announcements. Back-office calls need an admin role
 * (`needAdmin`) and then the contest-admin rule; the public ones need login and the contest's access rule.
 */
const contestHelperRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/contest/announcement?cid&currentPage&limit -> Page<ContestAnnouncementVo> (contest admin). */
  app.get(
    '/admin/contest/announcement',
    { onRequest: needAdmin, schema: { querystring: contestPageQuery } },
    async (req) => ok(await adminListAnnouncements(app.ctx, requireUser(req), req.query)),
  );

  /** POST /api/admin/contest/announcement {announcement: {title, content}, cid} -> { id } (contest admin). */
  app.post(
    '/admin/contest/announcement',
    { onRequest: needAdmin, schema: { body: contestAnnouncementBody } },
    async (req) => ok(await adminCreateAnnouncement(app.ctx, requireUser(req), req.body)),
  );

  /** PUT /api/admin/contest/announcement {announcement: {id, title, content}, cid} -> null (contest admin). */
  app.put(
    '/admin/contest/announcement',
    { onRequest: needAdmin, schema: { body: contestAnnouncementBody } },
    async (req) => {
      await adminUpdateAnnouncement(app.ctx, requireUser(req), req.body);
      return ok(null);
    },
  );

  /** DELETE /api/admin/contest/announcement?aid= (or id=) -> null (contest admin of its contest). */
  app.delete(
    '/admin/contest/announcement',
    { onRequest: needAdmin, schema: { querystring: contestAnnouncementIdQuery } },
    async (req) => {
      await adminDeleteAnnouncement(app.ctx, requireUser(req), (req.query.aid ?? req.query.id) as number);
      return ok(null);
    },
  );

  /** GET /api/get-contest-announcement?cid&currentPage&limit -> Page<ContestAnnouncementVo> (contest access). */
  app.get(
    '/get-contest-announcement',
    { onRequest: needLogin, schema: { querystring: contestPageQuery } },
    async (req) => ok(await listAnnouncements(app.ctx, req.user, req.query)),
  );

  /** POST /api/get-contest-not-read-announcement {cid, readAnnouncementList} -> ContestAnnouncementVo[] (contest access). */
  app.post(
    '/get-contest-not-read-announcement',
    { onRequest: needLogin, schema: { body: notReadAnnouncementBody } },
    async (req) =>
      ok(await notReadAnnouncements(app.ctx, req.user, req.body.cid, req.body.readAnnouncementList)),
  );
};

export default contestHelperRoutes;
