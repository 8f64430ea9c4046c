import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { withProgress } from '../progress/progress.js';
import { importHydro } from './hydro/hydro.import.js';
import { readPackage } from './testcase/import-common.js';

/** Hydro zip import (doc 3 export/import problem): admin, problem admin and super admin. */
const hydroImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-hydro-problem multipart `file` (Hydro zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-hydro-problem', { onRequest: needAdmin }, async (req) => {
    const entries = await readPackage(req);
    return ok(await withProgress(req, requireUser(req).uid, 'import', () => importHydro(app.ctx, entries)));
  });
};

export default hydroImportRoutes;
