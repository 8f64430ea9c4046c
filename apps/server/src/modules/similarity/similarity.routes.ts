import {
  similarityCheckBody,
  similarityPairQuery,
  similarityPairsQuery,
  similarityScopeQuery,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needLogin } from '../../plugins/auth.js';
import { jobStatus, startJob, stopJobs } from './similarity.jobs.js';
import { filteredPairs, pairDetail, pairList, pairsCsv } from './similarity.report.js';
import { assertScopeAdmin } from './similarity.scope.js';

/**
 * Code similarity check (issue 29 part 1, docs/similarity.md): a scope's admins start a check (a background job
 * in a child process), poll its progress, read the pairs most similar first, one pair's programs with the matched
 * fragments, and the pairs as CSV. Scopes: a contest, a training (site or group ones) and a problem; who may:
 * `assertScopeAdmin` (401 anonymous, 404 unknown scope, 403 others). Bad queries and bodies: 400 naming the field.
 */
const similarityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needLogin);
  app.addHook('onClose', async () => stopJobs(app.ctx));

  /** POST /api/similarity/check { scope, id, pick } -> SimilarityJobVo (the running one when there is one). */
  app.post('/similarity/check', { schema: { body: similarityCheckBody } }, async (req) => {
    const { scope, id, pick } = req.body;
    await assertScopeAdmin(app.ctx, req.user, scope, id);
    return ok(startJob(app.ctx, scope, id, pick));
  });

  /** GET /api/similarity/status?scope&id -> SimilarityJobVo (state `none` before any check). */
  app.get('/similarity/status', { schema: { querystring: similarityScopeQuery } }, async (req) => {
    const { scope, id } = req.query;
    await assertScopeAdmin(app.ctx, req.user, scope, id);
    return ok(jobStatus(app.ctx, scope, id));
  });

  /** GET /api/similarity/pairs?scope&id&language&threshold&pid -> SimilarityPairsVo. */
  app.get('/similarity/pairs', { schema: { querystring: similarityPairsQuery } }, async (req) => {
    const { scope, id, ...filter } = req.query;
    await assertScopeAdmin(app.ctx, req.user, scope, id);
    return ok(await pairList(app.ctx, scope, id, filter));
  });

  /** GET /api/similarity/pair?scope&id&a&b -> SimilarityPairDetailVo; 404 when the last check has no such pair. */
  app.get('/similarity/pair', { schema: { querystring: similarityPairQuery } }, async (req) => {
    const { scope, id, a, b } = req.query;
    await assertScopeAdmin(app.ctx, req.user, scope, id);
    return ok(await pairDetail(app.ctx, scope, id, a, b));
  });

  /** GET /api/similarity/export?scope&id&language&threshold&pid -> text/csv of every pair passing the filters. */
  app.get('/similarity/export', { schema: { querystring: similarityPairsQuery } }, async (req, reply) => {
    const { scope, id, ...filter } = req.query;
    await assertScopeAdmin(app.ctx, req.user, scope, id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="similarity-${scope}-${id}.csv"`);
    return pairsCsv(filteredPairs(app.ctx, scope, id, filter));
  });
};

export default similarityRoutes;
