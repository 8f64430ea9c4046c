import { isSuperAdminRole, pageQuery } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { loadSiteManagedProblem } from './problem.access.js';
import {
  adminChangeAuth,
  adminDeleteProblem,
  adminGetProblem,
  adminListProblems,
  adminProblemCases,
} from './problem.admin.js';
import { problemBody } from './problem.schema.js';
import { createFromDraft, updateFromDraft } from './problem.update.js';
import { validateProblemBody } from './problem.validate.js';

const pidQuery = z.object({
  pid: z.coerce.number({ error: 'pid is required' }).int().min(1, 'pid must be a positive integer'),
});

/** Problem create / edit bodies carry typed test cases and checker files: up to 64 MiB (roles checked first). */
const PROBLEM_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * Admin problem routes (doc 3 problem admin; admin, problem admin and super admin roles): list, read, create,
 * update, delete, change auth, list cases. Every body rule of doc 3 §5 gives 400 naming the field. Group problems
 * are their group's (the group routes); here only super admins reach them (loadSiteManagedProblem).
 */
const problemAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needAdmin);

  /** GET /api/admin/problem/get-problem-list?keyword&auth&currentPage&limit -> Page of admin rows. */
  app.get(
    '/admin/problem/get-problem-list',
    {
      schema: {
        querystring: pageQuery.extend({
          keyword: z.string().max(200).optional(),
          auth: z.preprocess(
            (v) => (v === '' ? undefined : v),
            z.coerce.number().int().min(1).max(3).optional(),
          ),
        }),
      },
    },
    async (req) =>
      ok(
        await adminListProblems(app.ctx, req.query, { withGroups: isSuperAdminRole(requireUser(req).role) }),
      ),
  );

  /** GET /api/admin/problem?pid= -> full problem + tags, languages, codeTemplates (group problems: super admin). */
  app.get('/admin/problem', { schema: { querystring: pidQuery } }, async (req) => {
    await loadSiteManagedProblem(app.ctx, requireUser(req), req.query.pid);
    return ok(await adminGetProblem(app.ctx, req.query.pid));
  });

  /** POST /api/admin/problem body ProblemBody -> { pid, problemId }. */
  app.post(
    '/admin/problem',
    { schema: { body: problemBody }, bodyLimit: PROBLEM_BODY_LIMIT },
    async (req) => {
      const u = requireUser(req);
      const draft = validateProblemBody(req.body, false);
      return ok(await createFromDraft(app.ctx, draft, u.username));
    },
  );

  /** PUT /api/admin/problem body ProblemBody with problem.id -> { pid, problemId }. */
  app.put('/admin/problem', { schema: { body: problemBody }, bodyLimit: PROBLEM_BODY_LIMIT }, async (req) => {
    const u = requireUser(req);
    const pid = req.body.problem.id;
    if (pid == null || pid < 1) throw badRequest('validation.required', { field: 'problem.id' });
    await loadSiteManagedProblem(app.ctx, u, pid);
    const draft = validateProblemBody(req.body, true);
    return ok(await updateFromDraft(app.ctx, pid, draft, u.username));
  });

  /** DELETE /api/admin/problem?pid= -> null; 400 when the problem has submissions (make it private instead). */
  app.delete('/admin/problem', { schema: { querystring: pidQuery } }, async (req) => {
    await loadSiteManagedProblem(app.ctx, requireUser(req), req.query.pid);
    await adminDeleteProblem(app.ctx, req.query.pid);
    return ok(null);
  });

  /** PUT /api/admin/problem/change-problem-auth {pid, auth} -> null. */
  app.put(
    '/admin/problem/change-problem-auth',
    { schema: { body: pidQuery.extend({ auth: z.coerce.number({ error: 'auth is required' }).int() }) } },
    async (req) => {
      await loadSiteManagedProblem(app.ctx, requireUser(req), req.body.pid);
      await adminChangeAuth(app.ctx, req.body.pid, req.body.auth, requireUser(req).username);
      return ok(null);
    },
  );

  /** GET /api/admin/problem/get-problem-cases?pid= -> test cases in order. */
  app.get('/admin/problem/get-problem-cases', { schema: { querystring: pidQuery } }, async (req) => {
    await loadSiteManagedProblem(app.ctx, requireUser(req), req.query.pid);
    return ok(await adminProblemCases(app.ctx, req.query.pid));
  });
};

export default problemAdminRoutes;
