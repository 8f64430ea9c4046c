import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problems } from '../../db/schema/index.js';
import { ok } from '../../lib/reply.js';
import { needAdmin, needRoot, requireUser } from '../../plugins/auth.js';
import { rejudgeContestProblem } from '../contest/contest.rejudge.js';
import { progressIdSchema, withProgress } from '../progress/progress.js';
import { toSubmissionView } from '../submission/submission.view.js';
import { cancelJudge, manualJudge, rejudge } from './judge.admin.service.js';
import { judgeServerList } from './judge.servers.js';
import { queueCounts } from './queue.js';
import { computeQueueSnapshot } from './queue-position.js';

const submitIdQuery = z.object({ submitId: z.coerce.number().int().min(1) });
const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int()
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is out of range`);
/** Manual judge fields: a PUT body, or the query of HOJ's GET. */
const manualJudgeFields = z.object({
  submitId: z.coerce.number().int().min(1),
  status: z.coerce.number().int(),
  score: z.coerce.number().int().min(0).max(1_000_000).nullish(),
});

/**
 * Admin judge routes (doc 2 §4.3, doc 3 §6 back office): rejudge, manual judge, cancel, judge server status. The
 * first four also answer HOJ's own client's method (GET, query parameters) with the same guard and handler.
 */
const judgeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = async (row: Parameters<typeof toSubmissionView>[0]) => {
    const [p] = await app.ctx.db
      .select({ title: problems.title })
      .from(problems)
      .where(eq(problems.id, row.pid));
    return toSubmissionView(row, p?.title ?? '', true);
  };

  /**
   * POST /api/admin/judge/rejudge?submitId= (admin roles) -> the submission, back to Pending. Also GET: HOJ's
   * client calls it so (docs/api-admin.md "HOJ client compatibility").
   */
  app.route({
    method: ['POST', 'GET'],
    url: '/admin/judge/rejudge',
    onRequest: needAdmin,
    schema: { querystring: submitIdQuery },
    handler: async (req) =>
      ok(await view(await rejudge(app.ctx, req.query.submitId)), 'Rejudge successfully'),
  });

  /**
   * POST /api/admin/judge/rejudge-contest-problem?cid=&pid= (super admin: doc 2 §2.7 "Rejudge for super admin",
   * "Rejudge All button per problem (super admin)") -> { count }: every submission of that contest problem back to
   * Pending through the judge queue (issue 10 §1). 404 for an unknown contest or a problem not in it. Also GET
   * (HOJ's client). With `progressId` the page polls GET /api/admin/progress?id= meanwhile (issue 28).
   */
  app.route({
    method: ['POST', 'GET'],
    url: '/admin/judge/rejudge-contest-problem',
    onRequest: needRoot,
    schema: {
      querystring: z.object({
        cid: idField('cid'),
        pid: idField('pid'),
        progressId: progressIdSchema.optional(),
      }),
    },
    handler: async (req) =>
      ok(
        await withProgress(req, requireUser(req).uid, 'rejudge', () =>
          rejudgeContestProblem(app.ctx, req.query.cid, req.query.pid),
        ),
        'Rejudge successfully',
      ),
  });

  /** PUT /api/admin/judge/manual-judge {submitId, status, score} (super admin) -> the submission. */
  app.put(
    '/admin/judge/manual-judge',
    { onRequest: needRoot, schema: { body: manualJudgeFields } },
    async (req) =>
      ok(await view(await manualJudge(app.ctx, requireUser(req), req.body)), 'Update Successfully'),
  );

  /** GET /api/admin/judge/manual-judge?submitId&status&score: the same, as HOJ's client sends it (query). */
  app.get(
    '/admin/judge/manual-judge',
    { onRequest: needRoot, schema: { querystring: manualJudgeFields } },
    async (req) =>
      ok(await view(await manualJudge(app.ctx, requireUser(req), req.query)), 'Update Successfully'),
  );

  /** PUT /api/admin/judge/cancel-judge?submitId= (super admin) -> the submission, Cancelled. Also GET (HOJ). */
  app.route({
    method: ['PUT', 'GET'],
    url: '/admin/judge/cancel-judge',
    onRequest: needRoot,
    schema: { querystring: submitIdQuery },
    handler: async (req) =>
      ok(await view(await cancelJudge(app.ctx, requireUser(req), req.query.submitId)), 'Cancel Successfully'),
  });

  /**
   * GET /api/admin/judge/get-judge-server-status (admin roles) -> { judgeServerList: [{ id, name, hostname,
   * version, cpuCount, workers, running, load, languages, lastHeartbeat, online, enabled, healthy, problem }],
   * queue: { queued, leased, ratePerMinute, oldestAgeSeconds, workers } }. `healthy` false: the judgehost reported
   * that it cannot judge (`problem` says why; it leases nothing until its sandbox passes its check again); `online`
   * is about its heartbeat only. `ratePerMinute`: submissions judged per minute over the last 5 minutes;
   * `oldestAgeSeconds`: the oldest queued job's wait so far (null: none queued); `workers` online (issue 29 part 2,
   * a queue snapshot of queue-position.ts computed for the request).
   */
  app.get('/admin/judge/get-judge-server-status', { onRequest: needAdmin }, async () => {
    // Computed for the request (not the shared snapshot, which a verdict does not mark moved): exact for the few admins.
    const snap = await computeQueueSnapshot(app.ctx.db);
    return ok({
      judgeServerList: await judgeServerList(app.ctx),
      queue: {
        ...(await queueCounts(app.ctx.db)),
        ratePerMinute: snap.ratePerMinute,
        oldestAgeSeconds: snap.oldestAgeSeconds,
        workers: snap.workers,
      },
    });
  });
};

export default judgeAdminRoutes;
