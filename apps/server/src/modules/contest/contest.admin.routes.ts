import {
  addContestProblemBody,
  cidField,
  cidQuery,
  contestBody,
  ProblemAuth,
  pageQuery,
  queryBool,
  updateContestProblemBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { loadSiteManagedProblem } from '../problem/problem.access.js';
import { adminDeleteProblem, adminGetProblem } from '../problem/problem.admin.js';
import { problemBody } from '../problem/problem.schema.js';
import { createFromDraft, updateFromDraft } from '../problem/problem.update.js';
import { validateProblemBody } from '../problem/problem.validate.js';
import {
  adminChangeVisible,
  adminCreateContest,
  adminDeleteContest,
  adminGetContest,
  adminListContests,
  adminUpdateContest,
  loadAdministeredContest,
} from './contest.admin.js';
import {
  adminAddFromPublic,
  adminContestProblemList,
  adminGetContestProblem,
  adminRemoveFromContest,
  adminUpdateContestProblem,
  assertContestDisplayIdFree,
  assertRuleFits,
  attachCreatedProblem,
  loadContestProblem,
} from './contest.problem.admin.js';

const pidField = z.coerce
  .number({ error: 'pid is required' })
  .int()
  .min(1, 'pid must be a positive integer')
  .max(Number.MAX_SAFE_INTEGER, 'pid is out of range');
const cidPidQuery = z.object({ cid: cidField, pid: pidField });
/** Problem bodies carry typed test cases: up to 64 MiB, as on /api/admin/problem. */
const PROBLEM_BODY_LIMIT = 64 * 1024 * 1024;
const contestProblemBody = problemBody.extend({
  cid: cidField,
  displayId: addContestProblemBody.shape.displayId,
  displayTitle: z.string().trim().max(255).optional(),
});

/**
 * Contest back office, HOJ's paths (doc 3 contest admin; issue 9 §3). Admin roles only; everything about one
 * contest needs its creator or a super admin (doc 3 §6). Bodies are checked by the shared contest schemas.
 */
const contestAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needAdmin);

  /** GET /api/admin/contest/get-contest-list?keyword&currentPage&limit -> Page<AdminContestListItem>. */
  app.get(
    '/admin/contest/get-contest-list',
    { schema: { querystring: pageQuery.extend({ keyword: z.string().max(200).optional() }) } },
    async (req) => ok(await adminListContests(app.ctx, requireUser(req), req.query)),
  );

  /** GET /api/admin/contest?cid= -> AdminContestVo (contest admin). */
  app.get('/admin/contest', { schema: { querystring: cidQuery } }, async (req) =>
    ok(await adminGetContest(app.ctx, requireUser(req), req.query.cid)),
  );

  /** POST /api/admin/contest ContestBody -> { cid }. */
  app.post('/admin/contest', { schema: { body: contestBody } }, async (req) =>
    ok(await adminCreateContest(app.ctx, requireUser(req), req.body)),
  );

  /** PUT /api/admin/contest ContestBody with id -> null (contest admin; type fixed). */
  app.put('/admin/contest', { schema: { body: contestBody } }, async (req) => {
    await adminUpdateContest(app.ctx, requireUser(req), req.body);
    return ok(null);
  });

  /** DELETE /api/admin/contest?cid= -> null (contest admin). */
  app.delete('/admin/contest', { schema: { querystring: cidQuery } }, async (req) => {
    await adminDeleteContest(app.ctx, requireUser(req), req.query.cid);
    return ok(null);
  });

  /** PUT /api/admin/contest/change-contest-visible?cid=&visible= -> null (contest admin). */
  app.put(
    '/admin/contest/change-contest-visible',
    { schema: { querystring: cidQuery.extend({ visible: queryBool }) } },
    async (req) => {
      await adminChangeVisible(app.ctx, requireUser(req), req.query.cid, req.query.visible);
      return ok(null);
    },
  );

  /** GET /api/admin/contest/get-problem-list?cid&keyword&problemType&currentPage&limit -> {problemList, contestProblemMap}. */
  app.get(
    '/admin/contest/get-problem-list',
    {
      schema: {
        querystring: pageQuery.extend({
          cid: cidField,
          keyword: z.string().max(200).optional(),
          problemType: z.preprocess(
            (v) => (v === '' || v === null ? undefined : v),
            z.coerce.number().int().min(0).max(1).optional(),
          ),
        }),
      },
    },
    async (req) => ok(await adminContestProblemList(app.ctx, requireUser(req), req.query)),
  );

  /** POST /api/admin/contest/add-problem-from-public {pid, cid, displayId} -> null. */
  app.post(
    '/admin/contest/add-problem-from-public',
    { schema: { body: addContestProblemBody } },
    async (req) => {
      await adminAddFromPublic(app.ctx, requireUser(req), req.body);
      return ok(null);
    },
  );

  /** GET /api/admin/contest/contest-problem?cid=&pid= -> {id, cid, pid, displayId, displayTitle, color}. */
  app.get('/admin/contest/contest-problem', { schema: { querystring: cidPidQuery } }, async (req) =>
    ok(await adminGetContestProblem(app.ctx, requireUser(req), req.query.cid, req.query.pid)),
  );

  /** PUT /api/admin/contest/contest-problem {id, displayId, displayTitle, color} -> null. */
  app.put('/admin/contest/contest-problem', { schema: { body: updateContestProblemBody } }, async (req) => {
    await adminUpdateContestProblem(app.ctx, requireUser(req), req.body);
    return ok(null);
  });

  /** GET /api/admin/contest/problem?cid=&pid= -> the full admin problem (as GET /api/admin/problem). */
  app.get('/admin/contest/problem', { schema: { querystring: cidPidQuery } }, async (req) => {
    await loadAdministeredContest(app.ctx, requireUser(req), req.query.cid);
    await loadContestProblem(app.ctx, req.query.cid, req.query.pid);
    return ok(await adminGetProblem(app.ctx, req.query.pid));
  });

  /**
   * POST /api/admin/contest/problem ProblemBody + {cid, displayId, displayTitle} -> { pid, problemId }: a new
   * problem (auth contest unless given) of the contest's rule, added to the contest.
   */
  app.post(
    '/admin/contest/problem',
    { schema: { body: contestProblemBody }, bodyLimit: PROBLEM_BODY_LIMIT },
    async (req) => {
      const u = requireUser(req);
      const { cid, displayId, displayTitle, ...body } = req.body;
      const c = await loadAdministeredContest(app.ctx, u, cid);
      body.problem.auth ??= ProblemAuth.CONTEST;
      const draft = validateProblemBody(body, false);
      assertRuleFits(c, draft.fields);
      await assertContestDisplayIdFree(app.ctx, cid, displayId);
      const created = await createFromDraft(app.ctx, draft, u.username);
      await attachCreatedProblem(app.ctx, c, created.pid, displayId, displayTitle ?? '');
      return ok(created);
    },
  );

  /** PUT /api/admin/contest/problem ProblemBody with problem.id + {cid} -> { pid, problemId } (a problem of the contest). */
  app.put(
    '/admin/contest/problem',
    { schema: { body: problemBody.extend({ cid: cidField }) }, bodyLimit: PROBLEM_BODY_LIMIT },
    async (req) => {
      const u = requireUser(req);
      const { cid, ...body } = req.body;
      const pid = body.problem.id;
      if (pid == null || pid < 1) throw badRequest('validation.required', { field: 'problem.id' });
      await loadAdministeredContest(app.ctx, u, cid);
      await loadContestProblem(app.ctx, cid, pid);
      const draft = validateProblemBody(body, true);
      return ok(await updateFromDraft(app.ctx, pid, draft, u.username));
    },
  );

  /**
   * DELETE /api/admin/contest/problem?pid=&cid= -> null. With cid: out of that contest only (contest admin);
   * without: the problem itself, as DELETE /api/admin/problem (refused while it has submissions).
   */
  app.delete(
    '/admin/contest/problem',
    { schema: { querystring: z.object({ pid: pidField, cid: cidField.optional() }) } },
    async (req) => {
      const u = requireUser(req);
      if (req.query.cid != null) await adminRemoveFromContest(app.ctx, u, req.query.cid, req.query.pid);
      else {
        await loadSiteManagedProblem(app.ctx, u, req.query.pid);
        await adminDeleteProblem(app.ctx, req.query.pid);
      }
      return ok(null);
    },
  );
};

export default contestAdminRoutes;
