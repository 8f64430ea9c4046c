import {
  addTrainingProblemBody,
  gidField,
  pageQuery,
  queryBool,
  tidField,
  tidQuery,
  trainingBody,
  trainingIdField,
  trainingListQuery,
  updateTrainingProblemBody,
} from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryAsBody } from '../../lib/query-as-body.js';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import {
  adminChangeStatus,
  adminDeleteTraining,
  adminGetTraining,
  adminListTrainings,
  adminUpdateTraining,
} from '../training/training.admin.js';
import {
  adminAddTrainingProblem,
  adminRemoveTrainingProblem,
  adminTrainingProblemList,
} from '../training/training.problem.admin.js';
import { listTrainings } from '../training/training.service.js';
import { adminGroup, enterGroup } from './group.access.js';
import {
  addTrainingProblemFromGroup,
  createGroupTraining,
  loadGroupTraining,
  updateGroupTrainingProblem,
} from './group.training.js';

const keyword = z.string().max(200).optional();
/** Like queryBool, but true when absent (HOJ's group client lists a training's problems without the flag). */
const queryBoolDefaultTrue = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === undefined || v === true || v === 'true' || v === '1');

/**
 * Group trainings, HOJ's paths (doc 3 §2 "Group trainings", §6; docs/groups.md): the training service with the
 * group's scope. Members list the group's visible trainings; its admins list all and create; its roots and each
 * training's author (a group admin) manage one. Opening a training and its problems, rank and submits are the
 * public training routes, which admit a group's training to its members only (training.access.ts).
 */
/** preValidation: a JSON body without `gid` but with `training.gid` (HOJ's client) gets that as `gid`. */
async function gidFromTraining(req: FastifyRequest): Promise<void> {
  const b = req.body as { gid?: unknown; training?: { gid?: unknown } } | null | undefined;
  if (b && typeof b === 'object' && b.gid === undefined && b.training && typeof b.training === 'object') {
    if (b.training.gid !== undefined) req.body = { ...b, gid: b.training.gid };
  }
}

const groupTrainingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needLogin);

  /** GET /api/group/get-training-list?gid&currentPage&limit&keyword&categoryId&auth (members) -> Page<TrainingVo>. */
  app.get(
    '/group/get-training-list',
    { schema: { querystring: trainingListQuery.extend({ gid: gidField }) } },
    async (req) => {
      await enterGroup(app.ctx, req.user, req.query.gid);
      return ok(await listTrainings(app.ctx, req.user, { ...req.query, uid: undefined }, req.query.gid));
    },
  );

  /** GET /api/group/get-admin-training-list?gid&currentPage&limit&keyword (group admins) -> Page<AdminTrainingVo>. */
  app.get(
    '/group/get-admin-training-list',
    { schema: { querystring: pageQuery.extend({ gid: gidField, keyword }) } },
    async (req) => {
      await adminGroup(app.ctx, req.user, req.query.gid);
      return ok(await adminListTrainings(app.ctx, req.query, req.query.gid));
    },
  );

  /** GET /api/group/training?tid= (root or author) -> {training (with password), trainingCategory}. */
  app.get('/group/training', { schema: { querystring: tidQuery } }, async (req) => {
    await loadGroupTraining(app.ctx, requireUser(req), req.query.tid);
    return ok(await adminGetTraining(app.ctx, requireUser(req), req.query.tid));
  });

  /**
   * POST /api/group/training {gid, training, trainingCategory} (group admins) -> {tid}. HOJ's client sends the gid
   * as `training.gid` instead: taken when the top-level one is absent.
   */
  app.post(
    '/group/training',
    { preValidation: gidFromTraining, schema: { body: trainingBody.and(z.object({ gid: gidField })) } },
    async (req) => ok(await createGroupTraining(app.ctx, requireUser(req), req.body), 'Add successfully'),
  );

  /** PUT /api/group/training {training with id, trainingCategory, dropRegistrations} (root or author) -> null. */
  app.put('/group/training', { schema: { body: trainingBody } }, async (req) => {
    const u = requireUser(req);
    if (req.body.training.id) await loadGroupTraining(app.ctx, u, req.body.training.id);
    await adminUpdateTraining(app.ctx, u, req.body);
    return ok(null, 'Update successfully');
  });

  /** DELETE /api/group/training?tid= (root or author) -> null. */
  app.delete('/group/training', { schema: { querystring: tidQuery } }, async (req) => {
    const u = requireUser(req);
    await loadGroupTraining(app.ctx, u, req.query.tid);
    await adminDeleteTraining(app.ctx, u, req.query.tid);
    return ok(null, 'Delete successfully');
  });

  /** PUT /api/group/change-training-status?tid=&status= (root or author) -> null: the visible switch. */
  app.put(
    '/group/change-training-status',
    { schema: { querystring: tidQuery.extend({ status: queryBool }) } },
    async (req) => {
      const u = requireUser(req);
      await loadGroupTraining(app.ctx, u, req.query.tid);
      await adminChangeStatus(app.ctx, u, req.query.tid, req.query.status);
      return ok(null, 'Update successfully');
    },
  );

  /**
   * GET /api/group/get-training-problem-list?tid&keyword&queryExisted&currentPage&limit (root or author) ->
   * {problemList: Page, trainingProblemMap} (doc 3 §7): the training's problems (queryExisted, the default when
   * absent, as in HOJ) or the public problems not in it yet. See adminTrainingProblemList.
   */
  app.get(
    '/group/get-training-problem-list',
    {
      schema: {
        querystring: pageQuery.extend({ tid: tidField, keyword, queryExisted: queryBoolDefaultTrue }),
      },
    },
    async (req) => {
      const u = requireUser(req);
      await loadGroupTraining(app.ctx, u, req.query.tid);
      return ok(await adminTrainingProblemList(app.ctx, u, req.query));
    },
  );

  /** PUT /api/group/training-problem {id, displayId?, rank?} (root or author) -> null. */
  app.put('/group/training-problem', { schema: { body: updateTrainingProblemBody } }, async (req) => {
    await updateGroupTrainingProblem(app.ctx, requireUser(req), req.body);
    return ok(null, 'Update successfully');
  });

  /** DELETE /api/group/training-problem?pid=&tid= (root or author) -> null: out of the training only. */
  app.delete(
    '/group/training-problem',
    { schema: { querystring: z.object({ pid: trainingIdField('pid'), tid: tidField }) } },
    async (req) => {
      const u = requireUser(req);
      await loadGroupTraining(app.ctx, u, req.query.tid);
      await adminRemoveTrainingProblem(app.ctx, u, req.query.tid, req.query.pid);
      return ok(null, 'Delete successfully');
    },
  );

  /** POST /api/group/add-training-problem-from-public {pid, tid, displayId} (root or author) -> null. */
  app.post(
    '/group/add-training-problem-from-public',
    { schema: { body: addTrainingProblemBody } },
    async (req) => {
      const u = requireUser(req);
      await loadGroupTraining(app.ctx, u, req.body.tid);
      await adminAddTrainingProblem(app.ctx, u, req.body);
      return ok(null, 'Add successfully');
    },
  );

  /**
   * POST /api/group/add-training-problem-from-group {problemId, tid, displayId?} (root or author) -> null. HOJ's
   * client sends problemId and tid as query parameters with an empty body: taken too (queryAsBody).
   */
  app.post(
    '/group/add-training-problem-from-group',
    {
      preValidation: queryAsBody(['problemId', 'tid', 'displayId']),
      schema: {
        body: z.object({
          problemId: z
            .string({ error: 'problemId is required' })
            .trim()
            .min(1, 'problemId is required')
            .max(100),
          tid: tidField,
          displayId: addTrainingProblemBody.shape.displayId.optional(),
        }),
      },
    },
    async (req) => {
      await addTrainingProblemFromGroup(app.ctx, requireUser(req), req.body);
      return ok(null, 'Add successfully');
    },
  );
};

export default groupTrainingRoutes;
