import {
  addTrainingProblemBody,
  pageQuery,
  queryBool,
  tidField,
  tidQuery,
  trainingBody,
  trainingCategoryBody,
  trainingIdField,
  updateTrainingProblemBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import {
  adminChangeStatus,
  adminCreateCategory,
  adminCreateTraining,
  adminDeleteCategory,
  adminDeleteTraining,
  adminGetTraining,
  adminListTrainings,
  adminUpdateCategory,
  adminUpdateTraining,
} from './training.admin.js';
import {
  adminAddTrainingProblem,
  adminRemoveTrainingProblem,
  adminTrainingProblemList,
  adminUpdateTrainingProblem,
} from './training.problem.admin.js';

const keyword = z.string().max(200).optional();

/**
 * Training back office, HOJ's paths (doc 3 training admin; issue 11). Admin roles only; one training is managed
 * by its author or a super admin, and only a super admin deletes one (doc 3 §6).
 */
const trainingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needAdmin);

  /**
   * GET /api/admin/training/list?keyword&currentPage&limit -> Page<AdminTrainingVo>; also at HOJ's own path
   * /api/admin/training/get-training-list (docs/api-admin.md "HOJ client compatibility").
   */
  for (const url of ['/admin/training/list', '/admin/training/get-training-list']) {
    app.get(url, { schema: { querystring: pageQuery.extend({ keyword }) } }, async (req) =>
      ok(await adminListTrainings(app.ctx, req.query)),
    );
  }

  /** GET /api/admin/training?tid= -> {training, trainingCategory} (author or root). */
  app.get('/admin/training', { schema: { querystring: tidQuery } }, async (req) =>
    ok(await adminGetTraining(app.ctx, requireUser(req), req.query.tid)),
  );

  /** POST /api/admin/training {training, trainingCategory} -> {tid}. */
  app.post('/admin/training', { schema: { body: trainingBody } }, async (req) =>
    ok(await adminCreateTraining(app.ctx, requireUser(req), req.body)),
  );

  /** PUT /api/admin/training {training with id, trainingCategory, dropRegistrations} -> null (author or root). */
  app.put('/admin/training', { schema: { body: trainingBody } }, async (req) => {
    await adminUpdateTraining(app.ctx, requireUser(req), req.body);
    return ok(null);
  });

  /** DELETE /api/admin/training?tid= -> null (super admin). */
  app.delete('/admin/training', { schema: { querystring: tidQuery } }, async (req) => {
    await adminDeleteTraining(app.ctx, requireUser(req), req.query.tid);
    return ok(null);
  });

  /** PUT /api/admin/training/change-training-status?tid=&status= -> null (author or root). */
  app.put(
    '/admin/training/change-training-status',
    { schema: { querystring: tidQuery.extend({ status: queryBool }) } },
    async (req) => {
      await adminChangeStatus(app.ctx, requireUser(req), req.query.tid, req.query.status);
      return ok(null);
    },
  );

  /** GET /api/admin/training/get-problem-list?tid&keyword&queryExisted&currentPage&limit -> Page (author or root). */
  app.get(
    '/admin/training/get-problem-list',
    { schema: { querystring: pageQuery.extend({ tid: tidField, keyword, queryExisted: queryBool }) } },
    async (req) => ok(await adminTrainingProblemList(app.ctx, requireUser(req), req.query)),
  );

  /** PUT /api/admin/training/problem {id, displayId?, rank?} -> null (author or root). */
  app.put('/admin/training/problem', { schema: { body: updateTrainingProblemBody } }, async (req) => {
    await adminUpdateTrainingProblem(app.ctx, requireUser(req), req.body);
    return ok(null);
  });

  /** DELETE /api/admin/training/problem?pid=&tid= -> null: removes from the training only (author or root). */
  app.delete(
    '/admin/training/problem',
    { schema: { querystring: z.object({ pid: trainingIdField('pid'), tid: tidField }) } },
    async (req) => {
      await adminRemoveTrainingProblem(app.ctx, requireUser(req), req.query.tid, req.query.pid);
      return ok(null);
    },
  );

  /** POST /api/admin/training/add-problem-from-public {pid, tid, displayId} -> null (author or root). */
  app.post(
    '/admin/training/add-problem-from-public',
    { schema: { body: addTrainingProblemBody } },
    async (req) => {
      await adminAddTrainingProblem(app.ctx, requireUser(req), req.body);
      return ok(null);
    },
  );

  /** POST /api/admin/training/category {name, color} -> {id, name, color}. */
  app.post('/admin/training/category', { schema: { body: trainingCategoryBody } }, async (req) =>
    ok(await adminCreateCategory(app.ctx, req.body)),
  );

  /** PUT /api/admin/training/category {id, name, color} -> null. */
  app.put('/admin/training/category', { schema: { body: trainingCategoryBody } }, async (req) => {
    await adminUpdateCategory(app.ctx, req.body);
    return ok(null);
  });

  /** DELETE /api/admin/training/category?cid= -> null (its trainings lose the category). */
  app.delete(
    '/admin/training/category',
    { schema: { querystring: z.object({ cid: trainingIdField('cid') }) } },
    async (req) => {
      await adminDeleteCategory(app.ctx, req.query.cid);
      return ok(null);
    },
  );
};

export default trainingAdminRoutes;
