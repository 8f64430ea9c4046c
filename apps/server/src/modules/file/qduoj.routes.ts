import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { withProgress } from '../progress/progress.js';
import { importQduoj } from './qduoj/qduoj.import.js';
import { readPackage } from './testcase/import-common.js';

/** QDUOJ export zip import (doc 3 export/import problem): admin, problem admin and super admin. */
const qduojImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-qdoj-problem multipart `file` (QDUOJ export zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-qdoj-problem', { onRequest: needAdmin }, async (req) => {
    const entries = await readPackage(req);
    return ok(await withProgress(req, requireUser(req).uid, 'import', () => importQduoj(app.ctx, entries)));
  });
};

export default qduojImportRoutes;
