import {
  applyPublicBody,
  changeGroupProblemProgressBody,
  gidField,
  groupIdField,
  pageQuery,
  queryBool,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, needLogin, requireUser } from '../../plugins/auth.js';
import { getCompileCheck, queueCompileCheck } from '../problem/compile-check.service.js';
import { adminGetProblem, adminListProblems, adminProblemCases } from '../problem/problem.admin.js';
import { listPublicProblems } from '../problem/problem.query.js';
import { problemBody } from '../problem/problem.schema.js';
import { listTags } from '../tag/tag.service.js';
import { adminGroup, enterGroup, needSomeGroupAdmin } from './group.access.js';
import {
  applyPublic,
  changeGroupProblemAuth,
  createGroupProblem,
  decideApplyPublic,
  deleteGroupProblem,
  listApplyPublic,
  loadGroupProblem,
  updateGroupProblem,
} from './group.problem.js';

const pidQuery = z.object({ pid: groupIdField('pid') });
const keyword = z.string().trim().max(200).optional();
const listQuery = pageQuery.extend({ gid: gidField, keyword });
/**
 * Problem bodies carry typed test cases: up to 64 MiB, as on /api/admin/problem; compile checks carry code and
 * extra files (16 MiB). Only callers who administer a group get that far: needSomeGroupAdmin runs before the body
 * is read (issue 23 §2b: any signed-in user made the server parse 64 MiB).
 */
const PROBLEM_BODY_LIMIT = 64 * 1024 * 1024;
const COMPILE_BODY_LIMIT = 16 * 1024 * 1024;
const compileBody = z.object({
  pid: z.union([z.number(), z.string()]).nullish(),
  code: z.string({ error: 'code is required' }).max(256 * 1024, 'code: at most 256 KB'),
  language: z.string({ error: 'language is required' }).min(1, 'language is required').max(100),
  extraFiles: z
    .record(z.string(), z.string({ error: 'extraFiles: every file content must be text' }))
    .nullish(),
});

/**
 * Group problems, HOJ's paths (doc 3 §2 "Group problems", §6, §7; docs/groups.md): members list the group's public
 * problems; its admins manage them through the problem admin service (group.problem.ts), and site admins decide
 * the applications to make one public.
 */
const groupProblemRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/group/get-problem-list?gid&currentPage&limit&keyword (members) -> Page<ProblemListItem>, auth 1 only. */
  app.get(
    '/group/get-problem-list',
    { onRequest: needLogin, schema: { querystring: listQuery } },
    async (req) => {
      await enterGroup(app.ctx, req.user, req.query.gid);
      return ok(await listPublicProblems(app.ctx, req.query, req.query.gid));
    },
  );

  /** GET /api/group/get-admin-problem-list?gid&currentPage&limit&keyword (group admins) -> Page of admin rows. */
  app.get(
    '/group/get-admin-problem-list',
    { onRequest: needLogin, schema: { querystring: listQuery } },
    async (req) => {
      await adminGroup(app.ctx, req.user, req.query.gid);
      return ok(await adminListProblems(app.ctx, req.query, { gid: req.query.gid }));
    },
  );

  /** GET /api/group/problem?pid= (its group's admins) -> the full problem with tags, languages, codeTemplates. */
  app.get('/group/problem', { onRequest: needLogin, schema: { querystring: pidQuery } }, async (req) => {
    await loadGroupProblem(app.ctx, req.user, req.query.pid);
    return ok(await adminGetProblem(app.ctx, req.query.pid));
  });

  /** POST /api/group/problem body ProblemBody with problem.gid (group admins) -> {pid, problemId}. */
  app.post(
    '/group/problem',
    { onRequest: needSomeGroupAdmin, schema: { body: problemBody }, bodyLimit: PROBLEM_BODY_LIMIT },
    async (req) => ok(await createGroupProblem(app.ctx, requireUser(req), req.body), 'Add successfully'),
  );

  /** PUT /api/group/problem body ProblemBody with problem.id (group root or author) -> {pid, problemId}. */
  app.put(
    '/group/problem',
    { onRequest: needSomeGroupAdmin, schema: { body: problemBody }, bodyLimit: PROBLEM_BODY_LIMIT },
    async (req) => ok(await updateGroupProblem(app.ctx, requireUser(req), req.body), 'Update successfully'),
  );

  /** DELETE /api/group/problem?pid= (group root or author) -> null; 400 when it has submissions. */
  app.delete('/group/problem', { onRequest: needLogin, schema: { querystring: pidQuery } }, async (req) => {
    await deleteGroupProblem(app.ctx, requireUser(req), req.query.pid);
    return ok(null, 'Delete successfully');
  });

  /** GET /api/group/get-problem-cases?pid=&isUpload= (its group's admins) -> the test cases in order. */
  app.get(
    '/group/get-problem-cases',
    { onRequest: needLogin, schema: { querystring: pidQuery.extend({ isUpload: queryBool }) } },
    async (req) => {
      await loadGroupProblem(app.ctx, req.user, req.query.pid);
      return ok(await adminProblemCases(app.ctx, req.query.pid));
    },
  );

  /** GET /api/group/get-all-problem-tags?gid= (group admins) -> the tags a group problem may carry (site tags). */
  app.get(
    '/group/get-all-problem-tags',
    { onRequest: needLogin, schema: { querystring: z.object({ gid: gidField }) } },
    async (req) => {
      await adminGroup(app.ctx, req.user, req.query.gid);
      return ok(await listTags(app.ctx, { oj: 'ME' }));
    },
  );

  for (const mode of ['spj', 'interactive'] as const) {
    /** POST /api/group/compile-spj|compile-interactive?gid= {code, language, extraFiles?} (group admins) -> key. */
    app.post(
      `/group/compile-${mode}`,
      {
        onRequest: needSomeGroupAdmin,
        schema: { querystring: z.object({ gid: gidField }), body: compileBody },
        bodyLimit: COMPILE_BODY_LIMIT,
      },
      async (req) => {
        const s = await adminGroup(app.ctx, req.user, req.query.gid);
        return ok(await queueCompileCheck(app.ctx, s.user, mode, req.body));
      },
    );
  }

  /** GET /api/group/compile-result?key= (login) -> {status, message} of one's own compile check; 404 otherwise. */
  app.get(
    '/group/compile-result',
    { onRequest: needLogin, schema: { querystring: z.object({ key: z.string().min(1).max(100) }) } },
    async (req) => ok(await getCompileCheck(app.ctx, requireUser(req), req.query.key)),
  );

  /** PUT /api/group/change-problem-auth {pid, auth} (group root or author) -> null. */
  app.put(
    '/group/change-problem-auth',
    {
      onRequest: needLogin,
      schema: { body: pidQuery.extend({ auth: z.coerce.number({ error: 'auth is required' }).int() }) },
    },
    async (req) => {
      await changeGroupProblemAuth(app.ctx, requireUser(req), req.body.pid, req.body.auth);
      return ok(null, 'Update successfully');
    },
  );

  /** PUT /api/group/apply-public {pid, isApplied} (group root or author) -> null: apply or withdraw. */
  app.put('/group/apply-public', { onRequest: needLogin, schema: { body: applyPublicBody } }, async (req) => {
    await applyPublic(app.ctx, requireUser(req), req.body.pid, req.body.isApplied);
    return ok(null, 'Update successfully');
  });

  /** GET /api/admin/group-problem/list?currentPage&limit&keyword&gid (admin roles) -> Page of applications. */
  app.get(
    '/admin/group-problem/list',
    {
      onRequest: needAdmin,
      schema: {
        querystring: pageQuery.extend({
          keyword,
          gid: z.preprocess((v) => (v === '' ? undefined : v), gidField.optional()),
        }),
      },
    },
    async (req) => ok(await listApplyPublic(app.ctx, req.query)),
  );

  /** PUT /api/admin/group-problem/change-progress {pid, progress: 2 public | 3 refused} (admin roles) -> null. */
  app.put(
    '/admin/group-problem/change-progress',
    { onRequest: needAdmin, schema: { body: changeGroupProblemProgressBody } },
    async (req) => {
      await decideApplyPublic(app.ctx, req.body.pid, req.body.progress);
      return ok(null, 'Update successfully');
    },
  );
};

export default groupProblemRoutes;
