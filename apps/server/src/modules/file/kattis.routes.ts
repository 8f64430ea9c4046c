import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { withProgress } from '../progress/progress.js';
import { importKattis } from './kattis/kattis.import.js';
import { readPackage } from './testcase/import-common.js';

/** Kattis / ICPC package zip import (doc 3 export/import problem): admin, problem admin and super admin. */
const kattisImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-kattis-problem multipart `file` (Kattis / ICPC package zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-kattis-problem', { onRequest: needAdmin }, async (req) => {
    const entries = await readPackage(req, { textLinks: true });
    return ok(await withProgress(req, requireUser(req).uid, 'import', () => importKattis(app.ctx, entries)));
  });
};

export default kattisImportRoutes;
