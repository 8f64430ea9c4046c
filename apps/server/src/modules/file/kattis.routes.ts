import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin } from '../../plugins/auth.js';
import { importKattis } from './kattis/kattis.import.js';
import { readPackage } from './testcase/import-common.js';

/** Kattis / ICPC package zip import (doc 3 export/import problem): admin, problem admin and super admin. */
const kattisImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-kattis-problem multipart `file` (Kattis / ICPC package zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-kattis-problem', { onRequest: needAdmin }, async (req) => {
    return ok(await importKattis(app.ctx, await readPackage(req, { textLinks: true })));
  });
};

export default kattisImportRoutes;
