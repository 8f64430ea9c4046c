import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { withProgress } from '../progress/progress.js';
import { importFps } from './fps/fps.import.js';
import { readUpload } from './storage.js';
import { PACKAGE_MAX_BYTES } from './testcase/import-common.js';

/** Problem package imports under /api/file (FPS for now; native, QDUOJ and Hydro importers join here). */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/file/import-fps-problem (admin roles), multipart field `file`: an FPS XML or a zip of them ->
   * data = [{ file, title, pid, problemId, imported, reason?, notes? }] one per item. 400 without a file.
   */
  app.post('/file/import-fps-problem', { onRequest: needAdmin }, async (req) => {
    const user = requireUser(req);
    // readUpload turns a truncated or malformed multipart body into 400 (issue 8, finding 10).
    const { data, fileName } = await readUpload(req, {
      field: 'file',
      maxBytes: PACKAGE_MAX_BYTES,
      tooLarge: () => badRequest('file.tooLarge', { field: 'file', max: PACKAGE_MAX_BYTES }),
    });
    const items = await withProgress(req, user.uid, 'import', () =>
      importFps(app.ctx, user, { name: fileName, data }),
    );
    const n = items.filter((i) => i.imported).length;
    return ok(items, `Imported ${n} of ${items.length} problem(s)`);
  });
};

export default fileRoutes;
