import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin } from '../../plugins/auth.js';
import { importQduoj } from './qduoj/qduoj.import.js';
import { readPackage } from './testcase/import-common.js';

/** QDUOJ export zip import (doc 3 export/import problem): admin, problem admin and super admin. */
const qduojImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-qdoj-problem multipart `file` (QDUOJ export zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-qdoj-problem', { onRequest: needAdmin }, async (req) => {
    return ok(await importQduoj(app.ctx, await readPackage(req)));
  });
};

export default qduojImportRoutes;
