import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { loadSiteManagedProblem } from '../problem/problem.access.js';
import { withProgress } from '../progress/progress.js';
import { exportNative, importNative } from './native/native.js';
import { readPackage } from './testcase/import-common.js';

/** Most problems one export zip holds. */
export const EXPORT_MAX_PROBLEMS = 100;
const exportPid = z.coerce
  .number({ error: 'pid is required' })
  .int('pid must be a positive integer')
  .min(1, 'pid must be a positive integer')
  .max(Number.MAX_SAFE_INTEGER, 'pid must be a positive integer');
/** `pid` once (`?pid=3`) or repeated (`?pid=1&pid=2`), as a list. */
const exportPids = z
  .union([
    z
      .array(exportPid)
      .min(1, 'pid is required')
      .max(EXPORT_MAX_PROBLEMS, `pid: at most ${EXPORT_MAX_PROBLEMS}`),
    exportPid,
  ])
  .transform((v) => [v].flat());

/** Native problem export / import (round-trips every field): admin, problem admin and super admin. */
const nativeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-problem multipart `file` (native zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-problem', { onRequest: needAdmin }, async (req) => {
    const entries = await readPackage(req);
    return ok(await withProgress(req, requireUser(req).uid, 'import', () => importNative(app.ctx, entries)));
  });

  /**
   * GET /api/file/export-problem?pid= -> application/zip with problem_<id>.json and problem_<id>/ files; 403 for
   * a group problem unless super admin. The pid may repeat, as HOJ's client sends it (`?pid=1&pid=2`, at most
   * EXPORT_MAX_PROBLEMS): one zip of them all (docs/api-admin.md "HOJ client compatibility").
   */
  app.get(
    '/file/export-problem',
    { onRequest: needAdmin, schema: { querystring: z.object({ pid: exportPids }) } },
    async (req, reply) => {
      // A group problem's data stays in its group: super admins only here (loadSiteManagedProblem).
      for (const pid of req.query.pid) await loadSiteManagedProblem(app.ctx, requireUser(req), pid);
      const { name, zip } = await exportNative(app.ctx, req.query.pid);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(zip));
    },
  );
};

export default nativeRoutes;
