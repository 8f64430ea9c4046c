import {
  CONTEST_HELPER_LIMITS,
  checkAcInfoBody,
  cidQuery,
  contestAnnouncementBody,
  contestAnnouncementIdQuery,
  contestPageQuery,
  notReadAnnouncementBody,
  printIdQuery,
  queryBool,
  submitPrintBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, needLogin, requireUser } from '../../plugins/auth.js';
import { acSubmissionZip } from './contest.ac-download.js';
import { checkAcInfo, listAcInfo } from './contest.ac-info.js';
import {
  adminCreateAnnouncement,
  adminDeleteAnnouncement,
  adminListAnnouncements,
  adminUpdateAnnouncement,
  listAnnouncements,
  notReadAnnouncements,
} from './contest.announcement.js';
import { listPrints, markPrinted, printFile, submitPrint } from './contest.print.js';

/**
 * The contest helpers (issue 10 §1; doc 2 §3, §7): announcements, AC info, printing and the AC submission download. Back-office calls need an admin role
 * (`needAdmin`) and then the contest-admin rule; the public ones need login and the contest's access rule.
 */
const acInfoQuery = contestPageQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .catch(CONTEST_HELPER_LIMITS.acInfoPage)
    .default(CONTEST_HELPER_LIMITS.acInfoPage),
});

const printPageQuery = contestPageQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .catch(CONTEST_HELPER_LIMITS.printPage)
    .default(CONTEST_HELPER_LIMITS.printPage),
});

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

  /** GET /api/get-contest-ac-info?cid&currentPage&limit=20 -> Page<ContestAcInfoVo> (contest admins, ACM). */
  app.get(
    '/get-contest-ac-info',
    { onRequest: needLogin, schema: { querystring: acInfoQuery } },
    async (req) => ok(await listAcInfo(app.ctx, requireUser(req), req.query)),
  );

  /** PUT /api/check-contest-ac-info {id, cid, checked} -> null (contest admins, ACM). */
  app.put(
    '/check-contest-ac-info',
    { onRequest: needLogin, schema: { body: checkAcInfoBody } },
    async (req) => {
      await checkAcInfo(app.ctx, requireUser(req), req.body);
      return ok(null);
    },
  );

  /** POST /api/submit-print-text {cid, content} -> null (participants of an openPrint contest; 50+ chars; 1 per 30 s). */
  app.post('/submit-print-text', { onRequest: needLogin, schema: { body: submitPrintBody } }, async (req) => {
    await submitPrint(app.ctx, req.user, req.body.cid, req.body.content);
    return ok(null);
  });

  /** GET /api/get-contest-print?cid&currentPage&limit=15 -> Page<ContestPrintVo> (contest admins). */
  app.get(
    '/get-contest-print',
    { onRequest: needLogin, schema: { querystring: printPageQuery } },
    async (req) => ok(await listPrints(app.ctx, requireUser(req), req.query)),
  );

  /** PUT /api/check-contest-print-status?id=&cid= -> null: printed (contest admins). */
  app.put(
    '/check-contest-print-status',
    { onRequest: needLogin, schema: { querystring: printIdQuery } },
    async (req) => {
      await markPrinted(app.ctx, requireUser(req), req.query.id, req.query.cid);
      return ok(null);
    },
  );

  /** GET /api/file/download-contest-print-text?id= -> text/plain attachment (contest admins of the job's contest). */
  app.get(
    '/file/download-contest-print-text',
    { onRequest: needLogin, schema: { querystring: printIdQuery.pick({ id: true }) } },
    async (req, reply) => {
      const f = await printFile(app.ctx, requireUser(req), req.query.id);
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${f.name}"`)
        .send(f.text);
    },
  );

  /**
   * GET /api/file/download-contest-ac-submission?cid&excludeAdmin&splitType=user|problem -> application/zip of the
   * last accepted code per participant and problem (contest admins).
   */
  app.get(
    '/file/download-contest-ac-submission',
    {
      onRequest: needLogin,
      schema: {
        querystring: cidQuery.extend({
          excludeAdmin: queryBool,
          splitType: z
            .enum(['user', 'problem'], { error: 'splitType must be user or problem' })
            .default('user'),
        }),
      },
    },
    async (req, reply) => {
      const f = await acSubmissionZip(app.ctx, requireUser(req), req.query);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${f.name}"`)
        .send(f.zip);
    },
  );
};

export default contestHelperRoutes;
