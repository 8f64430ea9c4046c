import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin } from '../../plugins/auth.js';
import { importHydro } from './hydro/hydro.import.js';
import { readPackage } from './testcase/import-common.js';

/** Hydro zip import (doc 3 export/import problem): admin, problem admin and super admin. */
const hydroImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/file/import-hydro-problem multipart `file` (Hydro zip) -> [{ title, pid, problemId, imported, reason? }]. */
  app.post('/file/import-hydro-problem', { onRequest: needAdmin }, async (req) => {
    return ok(await importHydro(app.ctx, await readPackage(req)));
  });
};

export default hydroImportRoutes;
