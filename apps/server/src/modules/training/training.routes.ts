import {
  registerTrainingBody,
  tidQuery,
  trainingListQuery,
  trainingProblemDetailsQuery,
  trainingRankQuery,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickEncoding, sendPage } from '../../lib/page-cache.js';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { throttleSecret } from '../account/secret-throttle.js';
import trainingAdminRoutes from './training.admin.routes.js';
import { admitTrainingSubmit } from './training.admission.js';
import { trainingProblemDetail, trainingProblemList } from './training.problem.js';
import { registerTrainingProgress } from './training.progress.js';
import { trainingRankBody } from './training.rank.js';
import {
  listCategories,
  listTrainings,
  registerTraining,
  trainingAccess,
  trainingDetail,
} from './training.service.js';

/**
 * Public training routes (doc 2 §2.13, §7; issue 11) and, as a child plugin, the training back office. The list
 * and the categories are public; everything about one training needs login (401) and training.access.ts.
 */
const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The training area's extension points: its cells on verdicts, its admission rule for submits with tid.
  registerTrainingProgress(app.ctx.events);
  app.ctx.scopes.register('training', { area: 'training', admit: admitTrainingSubmit });

  /** GET /api/get-training-category -> TrainingCategoryVo[]. */
  app.get('/get-training-category', async () => ok(await listCategories(app.ctx)));

  /** GET /api/get-training-list?currentPage&limit&keyword&categoryId&auth&uid -> Page<TrainingVo>. */
  app.get('/get-training-list', { schema: { querystring: trainingListQuery } }, async (req) =>
    ok(await listTrainings(app.ctx, req.user, req.query)),
  );

  /** GET /api/get-training-detail?tid= -> TrainingVo with description (login). */
  app.get('/get-training-detail', { onRequest: needLogin, schema: { querystring: tidQuery } }, async (req) =>
    ok(await trainingDetail(app.ctx, req.user, req.query.tid)),
  );

  /**
   * POST /api/register-training {tid, password} -> null (login; 400 public, registered or wrong password; 429 after
   * too many wrong secrets from the user or address, account/secret-throttle.ts).
   */
  app.post(
    '/register-training',
    { onRequest: needLogin, schema: { body: registerTrainingBody } },
    async (req) => {
      await throttleSecret(app.ctx, requireUser(req).uid, req.ip, ['training.wrongPassword'], () =>
        registerTraining(app.ctx, req.user, req.body.tid, req.body.password),
      );
      return ok(null, 'Register training successfully');
    },
  );

  /** GET /api/get-training-access?tid= -> { access, isAdmin, registered } (login). */
  app.get('/get-training-access', { onRequest: needLogin, schema: { querystring: tidQuery } }, async (req) =>
    ok(await trainingAccess(app.ctx, req.user, req.query.tid)),
  );

  /** GET /api/get-training-problem-list?tid= -> TrainingProblemVo[] (login, access). */
  app.get(
    '/get-training-problem-list',
    { onRequest: needLogin, schema: { querystring: tidQuery } },
    async (req) => ok(await trainingProblemList(app.ctx, req.user, req.query.tid)),
  );

  /** GET /api/get-training-problem-details?tid=&displayId= -> the problem detail in the training (login, access). */
  app.get(
    '/get-training-problem-details',
    { onRequest: needLogin, schema: { querystring: trainingProblemDetailsQuery } },
    async (req) => ok(await trainingProblemDetail(app.ctx, req.user, req.query.tid, req.query.displayId)),
  );

  /**
   * GET /api/get-training-rank?tid&currentPage&limit&keyword -> Page<TrainingRankRecord> (login, access); pages
   * without keyword from the versioned page cache, precompressed by Accept-Encoding (training.rank.ts).
   */
  app.get(
    '/get-training-rank',
    { onRequest: needLogin, schema: { querystring: trainingRankQuery } },
    async (req, reply) => {
      const want = pickEncoding(req.headers['accept-encoding']);
      return sendPage(reply, await trainingRankBody(app.ctx, req.user, req.query, want));
    },
  );

  await app.register(trainingAdminRoutes);
};

export default trainingRoutes;
