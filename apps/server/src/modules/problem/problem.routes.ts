import { pageQuery } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { contestUserProblemStatus } from '../contest/contest.problem.js';
import { assertCanViewProblem, loadProblemByPid, managesProblem } from './problem.access.js';
import problemAdminRoutes from './problem.admin.routes.js';
import { listPublicProblems, problemCodeTemplates, problemDetail, randomProblemId } from './problem.query.js';
import { lastAcCode, userProblemStatus } from './problem.status.js';

/** Optional integer query value: empty strings are dropped (the web drops empty filters too). */
const optInt = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${field} must be an integer` })
      .int(`${field} must be an integer`)
      .optional(),
  );
const requiredId = (field: string) =>
  z.coerce
    .number({ error: `${field} is required` })
    .int()
    .min(1, `${field} must be a positive integer`);

/**
 * Public problem routes (doc 2 §2.1, §2.2, §7) and, as a child plugin, the admin problem routes
 * (`problem.admin.routes.ts`).
 */
const problemRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/get-problem-list -> Page of {pid, problemId, title, difficulty, type, tags, counts}. */
  app.get(
    '/get-problem-list',
    {
      schema: {
        querystring: pageQuery.extend({
          keyword: z.string().max(200).optional(),
          difficulty: optInt('difficulty'),
          oj: z.string().max(20).optional(),
          tagId: optInt('tagId'),
        }),
      },
    },
    async (req) => ok(await listPublicProblems(app.ctx, req.query)),
  );

  /** GET /api/get-random-problem -> { problemId } of a random public problem; 404 when there is none. */
  app.get('/get-random-problem', async () => ok({ problemId: await randomProblemId(app.ctx) }));

  /** GET /api/get-problem-detail?problemId=&gid= -> { problem, tags, languages, codeTemplate, problemCount, myStatus }. */
  app.get(
    '/get-problem-detail',
    {
      schema: {
        querystring: z.object({
          problemId: z
            .string({ error: 'problemId is required' })
            .trim()
            .min(1, 'problemId is required')
            .max(100),
          gid: optInt('gid'),
        }),
      },
    },
    async (req) => ok(await problemDetail(app.ctx, req.user, req.query.problemId, req.query.gid)),
  );

  /**
   * POST /api/get-user-problem-status {pidList, isContestProblemList, cid, gid, containsEnd} (login) -> map pid to
   * {status, score}. Contest lists count that contest's submissions only, under the contest's access and its
   * hidden OI results (contestUserProblemStatus).
   */
  app.post(
    '/get-user-problem-status',
    {
      onRequest: needLogin,
      schema: {
        body: z.object({
          pidList: z
            .array(z.coerce.number().int(), { error: 'pidList must be a list of problem ids' })
            .max(1000),
          isContestProblemList: z.boolean().optional().default(false),
          cid: z.coerce.number().int().nullish(),
          gid: z.coerce.number().int().nullish(),
          containsEnd: z.boolean().optional(),
        }),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body;
      const cid = b.isContestProblemList ? (b.cid ?? 0) : 0;
      if (cid > 0) return ok(await contestUserProblemStatus(app.ctx, u, cid, b.pidList));
      return ok(await userProblemStatus(app.ctx, u.uid, { pidList: b.pidList, cid, gid: b.gid ?? null }));
    },
  );

  /**
   * GET /api/get-problem-code-template?pid= -> [{id, pid, lid, language, code, status}]: the enabled templates, or
   * all of them for those who manage the problem (managesProblem). Same visibility as the problem.
   */
  app.get(
    '/get-problem-code-template',
    { schema: { querystring: z.object({ pid: requiredId('pid') }) } },
    async (req) => {
      const p = await loadProblemByPid(app.ctx, req.query.pid);
      await assertCanViewProblem(app.ctx, req.user, p);
      return ok(await problemCodeTemplates(app.ctx, p.id, !(await managesProblem(app.ctx, req.user, p))));
    },
  );

  /** GET /api/get-last-ac-code?pid=&cid= (login) -> { code, language } of the caller's latest accepted submission. */
  app.get(
    '/get-last-ac-code',
    {
      onRequest: needLogin,
      schema: { querystring: z.object({ pid: requiredId('pid'), cid: optInt('cid') }) },
    },
    async (req) => {
      const u = requireUser(req);
      return ok(await lastAcCode(app.ctx, u, req.query.pid, req.query.cid ?? 0));
    },
  );

  await app.register(problemAdminRoutes);
};

export default problemRoutes;
