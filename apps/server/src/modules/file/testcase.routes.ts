import { isAdminRole } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { needAdminOrGroupAdmin } from '../group/group.access.js';
import { loadProblemByPid, managesProblem } from '../problem/problem.access.js';
import { readUpload } from './storage.js';
import { acceptTestcaseZip, testcaseZip } from './testcase/testcase.service.js';

/** Largest test-case zip accepted (bytes). */
export const TESTCASE_ZIP_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Test data files (doc 3 §7 "Group problems"): zip upload for the problem editor and the zip download of a
 * problem's cases. Admin, problem admin and super admin for site problems; a group's admins (and super admins)
 * for that group's problems, whose data never leaves the group (managesProblem).
 */
const testcaseFileRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/file/upload-testcase-zip?gid=&mode= multipart `file` -> { fileList: [{input, output, score}],
   * fileListDir }. mode default|spj|interactive (spj / interactive allow inputs without outputs).
   */
  app.post(
    '/file/upload-testcase-zip',
    {
      onRequest: needAdminOrGroupAdmin,
      schema: {
        querystring: z.object({
          gid: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
          mode: z
            .enum(['default', 'spj', 'interactive'], { error: 'mode must be default, spj or interactive' })
            .default('default'),
        }),
      },
    },
    async (req) => {
      const { data } = await readUpload(req, {
        field: 'file',
        maxBytes: TESTCASE_ZIP_MAX_BYTES,
        tooLarge: () => badRequest('file.tooLarge', { field: 'file', max: TESTCASE_ZIP_MAX_BYTES }),
      });
      return ok(await acceptTestcaseZip(app.ctx, data, req.query.mode, requireUser(req).uid));
    },
  );

  /** GET /api/file/download-testcase?pid= -> application/zip of the problem's test cases (managesProblem). */
  app.get(
    '/file/download-testcase',
    {
      onRequest: needLogin,
      schema: { querystring: z.object({ pid: z.coerce.number({ error: 'pid is required' }).int().min(1) }) },
    },
    async (req, reply) => {
      const user = requireUser(req);
      // Without an admin role only a group's admins may ask: unknown ids are refused to the others like a 403.
      const p = await loadProblemByPid(app.ctx, req.query.pid).catch((e) => {
        throw isAdminRole(user.role) ? e : forbidden('common.adminLoginFirst');
      });
      if (!(await managesProblem(app.ctx, user, p))) throw forbidden('common.adminLoginFirst');
      const zip = await testcaseZip(app.ctx, p.id);
      const name = `problem_${p.problemId.replace(/[^A-Za-z0-9_.-]/g, '_')}_testcase.zip`;
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(zip));
    },
  );
};

export default testcaseFileRoutes;
