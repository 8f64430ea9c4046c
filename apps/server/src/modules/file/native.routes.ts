import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { loadSiteManagedProblem } from '../problem/problem.access.js';
import { exportNative, importNative } from './native/native.js';
import { readPackage } from './testcase/import-common.js';

/** Native problem export / import (round-trips every field): admin, problem admin and super admin. */
const nativeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-problem multipart `file` (native zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-problem', { onRequest: needAdmin }, async (req) =>
    ok(await importNative(app.ctx, await readPackage(req))),
  );

  /**
   * GET /api/file/export-problem?pid= -> application/zip with problem_<id>.json and problem_<id>/ files; 403 for
   * a group problem unless super admin.
   */
  app.get(
    '/file/export-problem',
    {
      onRequest: needAdmin,
      schema: {
        querystring: z.object({
          pid: z.coerce.number({ error: 'pid is required' }).int().min(1, 'pid must be a positive integer'),
        }),
      },
    },
    async (req, reply) => {
      // A group problem's data stays in its group: super admins only here (loadSiteManagedProblem).
      await loadSiteManagedProblem(app.ctx, requireUser(req), req.query.pid);
      const { name, zip } = await exportNative(app.ctx, req.query.pid);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(zip));
    },
  );
};

export default nativeRoutes;
