import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { importFps } from './fps/fps.import.js';

/** Problem package imports under /api/file (FPS for now; native, QDUOJ and Hydro importers join here). */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/file/import-fps-problem (admin roles), multipart field `file`: an FPS XML or a zip of them ->
   * data = [{ file, title, pid, problemId, imported, reason?, notes? }] one per item. 400 without a file.
   */
  app.post('/file/import-fps-problem', { preHandler: needAdmin }, async (req) => {
    const user = requireUser(req);
    if (!req.isMultipart()) throw badRequest('file: a multipart upload is required');
    const part = await req.file();
    if (part?.fieldname !== 'file') throw badRequest('file: is required');
    const data = await part.toBuffer();
    if (!data.length) throw badRequest('file: is empty');
    const items = await importFps(app.ctx, user, { name: part.filename, data });
    const n = items.filter((i) => i.imported).length;
    return ok(items, `Imported ${n} of ${items.length} problem(s)`);
  });
};

export default fileRoutes;
