import { cidField, cidQuery, contestListQuery, queryBool, registerContestBody } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { throttleSecret } from '../account/secret-throttle.js';
import { submissionListQuery } from '../submission/submission.list.js';
import clarificationRoutes from './clarification/clarification.routes.js';
import contestAdminRoutes from './contest.admin.routes.js';
import { registerContestExtensions } from './contest.extensions.js';
import contestHelperRoutes from './contest.helpers.routes.js';
import { contestProblemDetail, contestProblemList } from './contest.problem.js';
import { contestAccess, contestInfo, listContests, registerContest } from './contest.service.js';
import { checkContestSubmissionsStatus, listContestSubmissions } from './contest.submissions.js';

const containsEnd = z.object({ containsEnd: queryBool });
const submissionsQuery = submissionListQuery.omit({ completeProblemID: true }).extend({
  cid: cidField,
  beforeContestSubmit: queryBool,
  containsEnd: queryBool,
});

/**
 * Public contest routes (doc 2 §2.6-§2.8, §7; issue 9 §3) and, as a child plugin, the contest back office. The
 * list is public; everything about one contest needs login (401) and the access of contest.access.ts.
 */
const contestRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContestExtensions(app.ctx);

  /** GET /api/get-contest-list?currentPage&limit&status&type&keyword -> Page<ContestVo>. */
  app.get('/get-contest-list', { schema: { querystring: contestListQuery } }, async (req) =>
    ok(await listContests(app.ctx, req.query)),
  );

  /** GET /api/get-contest-info?cid= -> ContestVo (login). */
  app.get('/get-contest-info', { onRequest: needLogin, schema: { querystring: cidQuery } }, async (req) =>
    ok(await contestInfo(app.ctx, req.user, req.query.cid)),
  );

  /**
   * POST /api/register-contest {cid, password} -> null (login; 400 wrong password or public contest; 429 after too
   * many wrong secrets from the user or address, account/secret-throttle.ts).
   */
  app.post(
    '/register-contest',
    { onRequest: needLogin, schema: { body: registerContestBody } },
    async (req) => {
      await throttleSecret(app.ctx, requireUser(req).uid, req.ip, ['contest.wrongPassword'], () =>
        registerContest(app.ctx, req.user, req.body.cid, req.body.password),
      );
      return ok(null, 'registered for the contest successfully');
    },
  );

  /** GET /api/get-contest-access?cid= -> { access, isAdmin, registered } (login). */
  app.get('/get-contest-access', { onRequest: needLogin, schema: { querystring: cidQuery } }, async (req) =>
    ok(await contestAccess(app.ctx, req.user, req.query.cid)),
  );

  /** GET /api/get-contest-problem?cid=&containsEnd= -> ContestProblemVo[] (counts null when not real-time). */
  app.get(
    '/get-contest-problem',
    { onRequest: needLogin, schema: { querystring: cidQuery.merge(containsEnd) } },
    async (req) => ok(await contestProblemList(app.ctx, req.user, req.query.cid, req.query.containsEnd)),
  );

  /** GET /api/get-contest-problem-details?cid=&displayId=&containsEnd= -> the problem detail in the contest. */
  app.get(
    '/get-contest-problem-details',
    {
      onRequest: needLogin,
      schema: {
        querystring: cidQuery.merge(containsEnd).extend({
          displayId: z
            .string({ error: 'displayId is required' })
            .trim()
            .min(1, 'displayId is required')
            .max(100),
        }),
      },
    },
    async (req) =>
      ok(
        await contestProblemDetail(
          app.ctx,
          req.user,
          req.query.cid,
          req.query.displayId,
          req.query.containsEnd,
        ),
      ),
  );

  /** GET /api/contest-submissions?cid&currentPage&limit&onlyMine&status&username&problemID&… -> Page<SubmissionListItem>. */
  app.get(
    '/contest-submissions',
    { onRequest: needLogin, schema: { querystring: submissionsQuery } },
    async (req) => ok(await listContestSubmissions(app.ctx, req.user, req.query)),
  );

  /** POST /api/check-contest-submissions-status {submitIds, cid} -> map submitId -> {status, score, time, memory}. */
  app.post(
    '/check-contest-submissions-status',
    {
      onRequest: needLogin,
      schema: { body: z.object({ cid: cidField, submitIds: z.array(z.coerce.number().int()).max(500) }) },
    },
    async (req) =>
      ok(await checkContestSubmissionsStatus(app.ctx, req.user, req.body.cid, req.body.submitIds)),
  );

  await app.register(contestAdminRoutes);
  await app.register(contestHelperRoutes);
  await app.register(clarificationRoutes);
};

export default contestRoutes;
