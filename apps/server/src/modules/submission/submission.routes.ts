import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { checkContestSubmissionsStatus } from '../contest/contest.submissions.js';
import { queuedHooksIdle } from '../judge/hooks.js';
import { getAllCaseResult } from './case-result.js';
import { checkSubmissionsStatus, getSubmissionDetail, submitJudge } from './submission.service.js';
import { getTestJudgeResult, submitTestJudge } from './test-judge.service.js';

const pid = z.union([z.string().max(100), z.number().int()]);
const optId = z.coerce.number().int().min(0).nullish();

const submitBody = z.object({
  pid,
  language: z.string().min(1, 'is required').max(100),
  code: z.string().max(1_000_000),
  cid: z.coerce.number().int().min(0).default(0),
  tid: optId,
  gid: optId,
  isRemote: z.boolean().default(false),
  captcha: z.string().optional(),
});

const testBody = z.object({
  pid,
  language: z.string().min(1, 'is required').max(100),
  code: z.string().max(1_000_000),
  type: z.string().default('public'),
  userInput: z.string().max(100_000).default(''),
  expectedOutput: z.string().max(100_000).nullish(),
  mode: z.string().optional(),
  isRemoteJudge: z.boolean().default(false),
  cid: optId,
  tid: optId,
  gid: optId,
});

const submitIdQuery = z.object({ submitId: z.coerce.number().int().min(1) });

/** Submissions and test runs (doc 2 §4.3, §4.4, §7). */
const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  // New submissions' queued hooks run after their answers (afterQueued): closing the app lets them finish first.
  app.addHook('onClose', async () => queuedHooksIdle(app.ctx.db));

  /** POST /api/submit-problem-judge -> the submission (data.submitId); 400/403/404/429 per submitJudge. */
  app.post('/submit-problem-judge', { onRequest: needLogin, schema: { body: submitBody } }, async (req) =>
    ok(await submitJudge(app.ctx, requireUser(req), req.body, req.ip), 'Submit code successfully'),
  );

  /** GET /api/get-submission-detail?submitId= -> { submission, codeShare, waCaseData }; 404 unknown, 403 problem hidden. */
  app.get('/get-submission-detail', { schema: { querystring: submitIdQuery } }, async (req) =>
    ok(await getSubmissionDetail(app.ctx, req.user, req.query.submitId)),
  );

  /**
   * GET /api/get-all-case-result?submitId= -> { judgeCaseMode, judgeCaseList, subTaskJudgeCaseVoList } or null;
   * 404 unknown, 403 problem hidden; case data only under the download rules (see getAllCaseResult).
   */
  app.get('/get-all-case-result', { schema: { querystring: submitIdQuery } }, async (req) =>
    ok(await getAllCaseResult(app.ctx, req.user, req.query.submitId)),
  );

  /**
   * POST /api/check-submissions-status {submitIds, cid} -> map submitId -> {status, score, time, memory, judged,
   * total}: practice
   * submissions of visible problems, or with cid that contest's under its rule (as check-contest-submissions-status).
   */
  app.post(
    '/check-submissions-status',
    {
      schema: {
        body: z.object({
          submitIds: z.array(z.coerce.number().int()).max(500),
          cid: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (req) => {
      const { cid, submitIds } = req.body;
      if (cid) return ok(await checkContestSubmissionsStatus(app.ctx, req.user, cid, submitIds));
      return ok(await checkSubmissionsStatus(app.ctx, req.user, submitIds));
    },
  );

  /** POST /api/submit-problem-test-judge -> data = testJudgeKey (string). */
  app.post('/submit-problem-test-judge', { onRequest: needLogin, schema: { body: testBody } }, async (req) =>
    ok(await submitTestJudge(app.ctx, requireUser(req), req.body)),
  );

  /** GET /api/get-test-judge-result?testJudgeKey= -> status, outputs, time ms, memory KB (owner only). */
  app.get(
    '/get-test-judge-result',
    {
      onRequest: needLogin,
      schema: { querystring: z.object({ testJudgeKey: z.string().min(1).max(100) }) },
    },
    async (req) => ok(await getTestJudgeResult(app.ctx, requireUser(req), req.query.testJudgeKey)),
  );
};

export default submissionRoutes;
