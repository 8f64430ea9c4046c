import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { waCaseZip } from './wa-case.js';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const query = z.object({
  submitId: z.coerce.number({ error: 'submitId is required' }).int().min(1, 'submitId must be positive'),
  pid: z.preprocess(emptyToUndefined, z.coerce.string().max(100, 'pid is too long').optional()),
  data: z.preprocess(emptyToUndefined, z.coerce.string().max(300, 'data is too long').optional()),
});

/** The wrong-case data download of the submission detail page (doc 2 §2.5, §6, §7). */
const waCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/file/download-testcase-one?submitId=&pid=&data= -> application/zip (attachment) with the input and
   * expected output of the submission's first failing case. 401 not logged in, 403 not allowed (super admin and
   * problem admin always; the owner for cid 0 and more than 3 cases), 404 unknown submission, 400 no failing case.
   */
  app.get(
    '/file/download-testcase-one',
    { onRequest: needLogin, schema: { querystring: query } },
    async (req, reply) => {
      const { fileName, zip } = await waCaseZip(app.ctx, requireUser(req), req.query);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(zip));
    },
  );
};

export default waCaseRoutes;
